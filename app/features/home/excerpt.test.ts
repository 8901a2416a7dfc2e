import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt";

describe("excerpt", () => {
  it("returns short text unchanged apart from whitespace", () => {
    expect(excerpt("  Short  bio. ", 50)).toBe("Short bio.");
  });

  it("keeps whole sentences that fit", () => {
    expect(excerpt("First sentence here. Second one is here. Third is long enough.", 45)).toBe("First sentence here. Second one is here.");
  });

  it("cuts a single long sentence at a word boundary with an ellipsis", () => {
    const result = excerpt("A very long sentence, without any full stop anywhere in sight", 30);
    expect(result).toBe("A very long sentence, without…");
    expect(result.length).toBeLessThanOrEqual(30);
  });

  it("treats question and exclamation marks as sentence ends", () => {
    expect(excerpt("¿Quiere venir? ¡Le esperamos con café y pan dulce!", 20)).toBe("¿Quiere venir?");
  });
});
