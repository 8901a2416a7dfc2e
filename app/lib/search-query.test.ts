import { describe, expect, test } from "vitest";
import { readSearchQuery } from "./search-query";

const url = (query: string) => new URL(`http://localhost/admin/members?${query}`);

describe("readSearchQuery", () => {
  test("keeps ordinary text, trimmed", () => {
    expect(readSearchQuery(url("q=%20Ana%20Mar%C3%ADa%20"))).toBe("Ana María");
    expect(readSearchQuery(url(""))).toBe("");
  });

  test("control characters (NUL included) become spaces", () => {
    expect(readSearchQuery(url("q=%00ana%01%1Bb%7F"))).toBe("ana  b");
  });

  test("cuts at the limit without splitting a character", () => {
    const cut = readSearchQuery(url(`q=${encodeURIComponent("😀".repeat(300))}`));
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut).toBe("😀".repeat(200));
    expect(readSearchQuery(url("user=abc"), "user", 2)).toBe("ab");
  });
});
