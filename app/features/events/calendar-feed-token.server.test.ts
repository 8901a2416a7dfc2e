import { describe, expect, it } from "vitest";

process.env.AUTH_SECRET ??= "unit-test-secret-unit-test-secret-0123";
const { calendarFeedTokenUser, createCalendarFeedToken, verifyCalendarFeedToken } = await import("./calendar-feed-token.server");

describe("calendar feed tokens", () => {
  it("round-trips for the same user and version only", () => {
    const token = createCalendarFeedToken("user-123", 0);
    expect(token).toMatch(/^user-123\.[A-Za-z0-9_-]{43}$/);
    expect(calendarFeedTokenUser(token)).toBe("user-123");
    expect(verifyCalendarFeedToken(token, "user-123", 0)).toBe(true);
    expect(verifyCalendarFeedToken(token, "user-123", 1)).toBe(false);
    expect(verifyCalendarFeedToken(token, "user-124", 0)).toBe(false);
    expect(verifyCalendarFeedToken(`${token.slice(0, -1)}A`, "user-123", 0)).toBe(token.endsWith("A"));
  });

  it("rejects malformed tokens without throwing", () => {
    for (const bad of ["", ".", "abc", "abc.", ".abc", "x".repeat(400)]) {
      const user = calendarFeedTokenUser(bad);
      expect(user === null || !verifyCalendarFeedToken(bad, user, 0)).toBe(true);
    }
    expect(verifyCalendarFeedToken("user-123.short", "user-123", 0)).toBe(false);
  });
});
