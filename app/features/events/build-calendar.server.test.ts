import { fromZonedTime } from "date-fns-tz";
import { describe, expect, it } from "vitest";
import { buildCalendar, type CalendarEntry } from "./build-calendar.server";

const TZ = "America/Chicago";
const entry: CalendarEntry = {
  uid: "event-1@example.test",
  summary: "Bible study, John; part 1",
  description: "Line one\nLine two",
  location: "Fellowship hall",
  url: "https://example.test/events/study",
  start: fromZonedTime("2026-03-04T19:00:00", TZ),
  end: fromZonedTime("2026-03-04T20:30:00", TZ),
  recurrence: { freq: "weekly", interval: 1, byWeekday: [2], until: "2026-05-27" },
  excludedDates: ["2026-03-18", "2026-04-01"],
  cancelled: false,
};

describe("buildCalendar", () => {
  const text = buildCalendar({
    name: "Living Hope Church events",
    timeZone: TZ,
    ttlSeconds: 3600,
    entries: [entry, { ...entry, uid: "event-2@example.test", recurrence: null, excludedDates: [], cancelled: true }],
  });
  const lines = text.split("\r\n");

  it("writes local times with TZID, whatever the server's own zone, and a VTIMEZONE", () => {
    expect(lines).toContain("DTSTART;TZID=America/Chicago:20260304T190000");
    expect(lines).toContain("DTEND;TZID=America/Chicago:20260304T203000");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:America/Chicago");
    expect(lines.find((l) => l.startsWith("DTSTAMP:"))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it("writes the RRULE and the excluded dates at the event's local time", () => {
    expect(lines).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20260528T045959Z");
    expect(lines).toContain("EXDATE;TZID=America/Chicago:20260318T190000,20260401T190000");
  });

  it("has the calendar's name, refresh interval and time zone before the components", () => {
    const firstComponent = lines.indexOf("BEGIN:VTIMEZONE");
    for (const property of [
      "X-WR-CALNAME:Living Hope Church events",
      "X-WR-TIMEZONE:America/Chicago",
      "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
      "X-PUBLISHED-TTL:PT1H",
    ]) {
      expect(lines.indexOf(property), property).toBeGreaterThan(0);
    }
    expect(lines.indexOf("X-WR-TIMEZONE:America/Chicago")).toBeLessThan(firstComponent);
  });

  it("escapes text and marks cancelled events", () => {
    expect(lines).toContain("SUMMARY:Bible study\\, John\\; part 1");
    expect(lines).toContain("DESCRIPTION:Line one\\nLine two");
    expect(lines.filter((l) => l.startsWith("STATUS:"))).toEqual(["STATUS:CONFIRMED", "STATUS:CANCELLED"]);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
  });
});
