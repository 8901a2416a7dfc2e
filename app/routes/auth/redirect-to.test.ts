import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "./redirect-to";

describe("safeRedirectPath", () => {
  test("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/prayer")).toBe("/prayer");
    expect(safeRedirectPath("/events?month=5#rsvp")).toBe("/events?month=5#rsvp");
    expect(safeRedirectPath("/")).toBe("/");
  });

  test("refuses other origins and odd values", () => {
    for (const value of [
      null,
      undefined,
      "",
      "prayer",
      "//evil.example",
      "/\\evil.example",
      "/a\\b",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\u0000x",
      "/x\ny",
      "/" + "a".repeat(2001),
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe("/");
    }
  });

  test("never returns to the auth pages", () => {
    expect(safeRedirectPath("/auth")).toBe("/");
    expect(safeRedirectPath("/auth?tab=signup")).toBe("/");
    expect(safeRedirectPath("/auth/callback?token=x")).toBe("/");
    expect(safeRedirectPath("/authors")).toBe("/authors");
  });

  test("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/settings")).toBe("/settings");
  });
});

describe("safeRedirectPath on paths the URL parser rewrites (issue 32 item 6)", () => {
  test("a dot segment that leaves a leading `//` after parsing is normalised, never kept as written", () => {
    for (const value of ["/.//evil.example", "/%2e//evil.example", "/a/../..//evil.example", "/%2F%2Fevil.example", "/%5Cevil.example"]) {
      const path = safeRedirectPath(value);
      expect(path, value).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, "https://church.example/x").pathname.startsWith("//"), `${value} → ${path}`).toBe(false);
      expect(path, value).toBe("/evil.example");
    }
  });

  test("the sign-in pages are refused after normalising too", () => {
    expect(safeRedirectPath("/x/../auth")).toBe("/");
    expect(safeRedirectPath("/./auth?tab=signup")).toBe("/");
    expect(safeRedirectPath("/%2F/auth")).toBe("/");
  });
});
