import { describe, expect, it } from "vitest";
import { expandOccurrences, nextOccurrence, occurrenceStartingAt, toRRule, type OccurrenceSource } from "./occurrences.server";

const tz = "America/Chicago";
const at = (iso: string) => new Date(iso);

describe("expandOccurrences", () => {
  // Wednesdays at 7 pm Chicago time, from 25 Feb 2026: DST starts 8 Mar, ends 1 Nov.
  const study: OccurrenceSource = {
    startsAt: at("2026-02-26T01:00:00Z"),
    endsAt: at("2026-02-26T02:30:00Z"),
    recurrence: { freq: "weekly", interval: 1, byWeekday: [2] },
    excludedDates: [],
  };

  it("keeps the local time of day across the spring DST change", () => {
    const list = expandOccurrences(study, tz, { from: at("2026-03-01T00:00:00Z"), to: at("2026-03-20T00:00:00Z") });
    expect(list.map((o) => o.start.toISOString())).toEqual([
      "2026-03-05T01:00:00.000Z", // 4 Mar, 7 pm CST (UTC-6)
      "2026-03-12T00:00:00.000Z", // 11 Mar, 7 pm CDT (UTC-5)
      "2026-03-19T00:00:00.000Z",
    ]);
    expect(list.map((o) => o.localDate)).toEqual(["2026-03-04", "2026-03-11", "2026-03-18"]);
    // The duration is kept: 90 minutes.
    expect(list.every((o) => o.end!.getTime() - o.start.getTime() === 90 * 60_000)).toBe(true);
  });

  it("keeps the local time of day across the autumn DST change", () => {
    const list = expandOccurrences(study, tz, { from: at("2026-10-25T00:00:00Z"), to: at("2026-11-12T00:00:00Z") });
    expect(list.map((o) => o.start.toISOString())).toEqual([
      "2026-10-29T00:00:00.000Z", // 28 Oct, 7 pm CDT (UTC-5)
      "2026-11-05T01:00:00.000Z", // 4 Nov, 7 pm CST (UTC-6); 11 Nov starts after the window
    ]);
  });

  it("skips excluded local dates, honours until and count, and a one-off event is one occurrence", () => {
    const excluded = { ...study, excludedDates: ["2026-03-11"] };
    expect(
      expandOccurrences(excluded, tz, { from: at("2026-03-01T00:00:00Z"), to: at("2026-03-20T00:00:00Z") }).map((o) => o.localDate),
    ).toEqual(["2026-03-04", "2026-03-18"]);
    const until = { ...study, recurrence: { freq: "weekly" as const, interval: 1, byWeekday: [2], until: "2026-03-11" } };
    expect(
      expandOccurrences(until, tz, { from: at("2026-01-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") }).map((o) => o.localDate),
    ).toEqual(["2026-02-25", "2026-03-04", "2026-03-11"]);
    const count = { ...study, recurrence: { freq: "weekly" as const, interval: 2, count: 3 } };
    expect(
      expandOccurrences(count, tz, { from: at("2026-01-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") }).map((o) => o.localDate),
    ).toEqual(["2026-02-25", "2026-03-11", "2026-03-25"]);
    const once = { ...study, recurrence: null };
    expect(expandOccurrences(once, tz, { from: at("2026-01-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") })).toHaveLength(1);
    expect(expandOccurrences(once, tz, { from: at("2026-03-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") })).toHaveLength(0);
  });

  it("counts an occurrence still going on at `from`, and stops at the limit", () => {
    const during = at("2026-02-26T02:00:00Z");
    expect(nextOccurrence(study, tz, during)?.localDate).toBe("2026-02-25");
    expect(expandOccurrences(study, tz, { from: during, to: at("2030-01-01T00:00:00Z"), limit: 5 })).toHaveLength(5);
  });

  it("finds an occurrence only at its exact start", () => {
    expect(occurrenceStartingAt(study, tz, at("2026-03-12T00:00:00Z"))?.localDate).toBe("2026-03-11");
    expect(occurrenceStartingAt(study, tz, at("2026-03-12T01:00:00Z"))).toBeNull();
    expect(occurrenceStartingAt(study, tz, new Date("nope"))).toBeNull();
  });

  it("writes the RRULE with UNTIL in UTC at the end of the last local day", () => {
    expect(toRRule({ freq: "weekly", interval: 1, byWeekday: [2, 4] }, tz)).toBe("FREQ=WEEKLY;INTERVAL=1;BYDAY=WE,FR");
    expect(toRRule({ freq: "monthly", interval: 1, until: "2026-12-31" }, tz)).toBe("FREQ=MONTHLY;INTERVAL=1;UNTIL=20270101T055959Z");
    expect(toRRule({ freq: "daily", interval: 3, count: 4 }, tz)).toBe("FREQ=DAILY;INTERVAL=3;COUNT=4");
  });
});
