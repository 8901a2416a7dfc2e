import { expect, test } from "vitest";
import { isLookupKey } from "./route-param.server";

test("a lookup key is present, not too long, and has no control characters", () => {
  expect(isLookupKey("harvest-festival")).toBe(true);
  expect(isLookupKey("año-nuevo")).toBe(true);
  for (const bad of [undefined, null, "", "\u0000", "a\u0000", "a\u001fb", "x".repeat(201)]) {
    expect(isLookupKey(bad), JSON.stringify(bad)).toBe(false);
  }
  expect(isLookupKey("x".repeat(10), 5)).toBe(false);
});
