import { describe, expect, test } from "vitest";
import { ACCENTED_LETTERS, PLAIN_LETTERS } from "~/db/schema";
import { foldAccents } from "./full-text-query.server";

describe("foldAccents", () => {
  test("folds Spanish accents, ñ and ü the way the search columns do", () => {
    expect(foldAccents("Oración, niño, pingüino, MARTÍNEZ")).toBe("Oracion, nino, pinguino, MARTINEZ");
  });

  test("leaves other text alone", () => {
    expect(foldAccents("John 3:16 — ¿qué?")).toBe("John 3:16 — ¿que?");
  });

  test("the two letter lists pair up one to one", () => {
    expect([...ACCENTED_LETTERS]).toHaveLength([...PLAIN_LETTERS].length);
  });
});
