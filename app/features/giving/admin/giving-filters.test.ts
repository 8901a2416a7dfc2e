import { describe, expect, test } from "vitest";
import { csvDollars, givingQuery, periodRange, readGivingFilters } from "./giving-filters";

describe("giving admin filters", () => {
  const now = new Date("2026-01-01T03:00:00Z"); // still 31 December 2025 in Chicago

  test("periods are whole days in the church's time zone", () => {
    expect(periodRange({ period: "this-month" }, "America/Chicago", now)).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
      start: new Date("2025-12-01T06:00:00Z"),
      end: new Date("2026-01-01T06:00:00Z"),
      invalid: false,
    });
    expect(periodRange({ period: "this-month" }, "UTC", now)).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
    expect(periodRange({ period: "last-month" }, "UTC", now)).toMatchObject({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodRange({ period: "this-year" }, "America/Chicago", now)).toMatchObject({ from: "2025-01-01", to: "2025-12-31" });
    expect(periodRange({ period: "last-year" }, "America/Chicago", now)).toMatchObject({ from: "2024-01-01", to: "2024-12-31" });
    expect(periodRange({ period: "last-month" }, "UTC", new Date("2024-03-15T12:00:00Z"))).toMatchObject({
      from: "2024-02-01",
      to: "2024-02-29",
    });
    // Daylight saving starts inside March: the end is midnight CDT.
    expect(periodRange({ period: "custom", from: "2019-03-01", to: "2019-03-31" }, "America/Chicago", now)).toMatchObject({
      start: new Date("2019-03-01T06:00:00Z"),
      end: new Date("2019-04-01T05:00:00Z"),
    });
  });

  test("a custom period without both dates in order falls back to this month and says so", () => {
    expect(periodRange({ period: "custom", from: "2025-05-02", to: "2025-05-01" }, "UTC", now)).toMatchObject({
      invalid: true,
      from: "2026-01-01",
    });
    expect(periodRange({ period: "custom" }, "UTC", now).invalid).toBe(true);
  });

  test("the query string is read defensively and written back", () => {
    const filters = readGivingFilters(
      new URL("http://x/?period=custom&from=2025-02-30&to=2025-03-01&fund=-4&status=nope&q=%20ana%20&page=0"),
    );
    expect(filters).toEqual({ period: "custom", from: undefined, to: "2025-03-01", fund: undefined, status: undefined, q: "ana", page: 1 });
    expect(readGivingFilters(new URL("http://x/?period=forever")).period).toBe("this-month");
    expect(
      givingQuery({ period: "custom", from: "2025-01-01", to: "2025-01-31", fund: 3, status: "refunded", q: "a&b", page: 2 }, { page: 2 }),
    ).toBe("period=custom&from=2025-01-01&to=2025-01-31&fund=3&status=refunded&q=a%26b&page=2");
  });

  test("cents as CSV dollars", () => {
    expect([csvDollars(0), csvDollars(5), csvDollars(1234), csvDollars(-300), csvDollars(99_999_900)]).toEqual([
      "0.00",
      "0.05",
      "12.34",
      "-3.00",
      "999999.00",
    ]);
  });
});
