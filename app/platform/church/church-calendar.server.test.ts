import { describe, expect, test } from "vitest";
import { churchToday, validZone } from "./church-calendar.server";

describe("validZone", () => {
  test("an IANA zone is kept as written", () => {
    for (const zone of ["America/Chicago", "America/Puerto_Rico", "Europe/Madrid", "UTC"]) expect(validZone(zone)).toBe(zone);
  });

  test("nothing set, or a zone the runtime does not know: UTC", () => {
    for (const zone of [null, undefined, "", "Mars/Olympus_Mons", "Central Time", "America/Chicago "])
      expect(validZone(zone), String(zone)).toBe("UTC");
  });
});

describe("churchToday", () => {
  test("the date in the church's zone, not the server's", () => {
    const lateEvening = new Date("2026-11-25T04:30:00Z");
    expect(churchToday("America/Chicago", lateEvening)).toBe("2026-11-24");
    expect(churchToday("UTC", lateEvening)).toBe("2026-11-25");
  });
});
