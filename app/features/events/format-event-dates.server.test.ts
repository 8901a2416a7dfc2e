import { describe, expect, test } from "vitest";
import { formatLocalDate, formatShortDateTime, formatTime, formatTimeRange, weekdayNames } from "./format-event-dates.server";

describe("event date labels", () => {
  test("a local date reads the same day in both languages, whatever the server's zone", () => {
    expect(formatLocalDate("2026-11-25", "en")).toBe("Wednesday, November 25, 2026");
    expect(formatLocalDate("2026-11-25", "es")).toBe("miércoles, 25 de noviembre de 2026");
    // Asked again (now from the kept labels), the same text, and still per language.
    expect(formatLocalDate("2026-11-25", "en")).toBe("Wednesday, November 25, 2026");
    expect(formatLocalDate("2026-11-26", "en")).toBe("Thursday, November 26, 2026");
  });

  test("a time is the church's wall-clock time: the same instant reads differently in another zone", () => {
    const instant = new Date("2026-11-26T01:00:00Z");
    expect(formatTime(instant, "en", "America/Chicago")).toBe("7:00 PM");
    expect(formatTime(instant, "en", "America/New_York")).toBe("8:00 PM");
    expect(formatTime(instant, "en", "America/Chicago")).toBe("7:00 PM");
    expect(formatTime(instant, "es", "America/Chicago")).toMatch(/^7:00\s?p\.\s?m\.$/);
    expect(formatTime(new Date("2026-11-26T01:30:00Z"), "en", "America/Chicago")).toBe("7:30 PM");
  });

  test("a range shows the end only when it is after the start", () => {
    const start = new Date("2026-11-26T01:00:00Z");
    expect(formatTimeRange(start, new Date("2026-11-26T02:30:00Z"), "en", "America/Chicago")).toBe("7:00 PM – 8:30 PM");
    expect(formatTimeRange(start, start, "en", "America/Chicago")).toBe("7:00 PM");
    expect(formatTimeRange(start, null, "en", "America/Chicago")).toBe("7:00 PM");
    expect(formatShortDateTime(start, "en", "America/Chicago")).toBe("Wed, Nov 25, 7:00 PM");
  });

  test("an invalid date throws every time: nothing is kept for it", () => {
    expect(() => formatLocalDate("2026-13-45", "en")).toThrow(RangeError);
    expect(() => formatLocalDate("2026-13-45", "en")).toThrow(RangeError);
    expect(() => formatTime(new Date(Number.NaN), "en", "America/Chicago")).toThrow(RangeError);
  });

  test("weekday names start on Sunday, per language, and can't be changed by a caller", () => {
    const en = weekdayNames("en");
    expect(en.map((d) => d.long)).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(en[0]!.short).toBe("Sun");
    expect(weekdayNames("es")[0]!.long).toBe("domingo");
    expect(weekdayNames("en")).toBe(en);
    expect(Object.isFrozen(en) && Object.isFrozen(en[0])).toBe(true);
  });
});
