import { describe, expect, test } from "vitest";
import { nextServiceStart } from "./next-service.server";

const slots = [
  { name: "Sunday Worship", dayOfWeek: 0, startTime: "11:00" },
  { name: "Bible Study", dayOfWeek: 3, startTime: "19:00" },
];
const zone = "America/Chicago";

describe("nextServiceStart", () => {
  test("later the same day", () => {
    // Sunday 2025-10-05 09:00 in Chicago (CDT, UTC-5)
    const next = nextServiceStart(slots, zone, new Date("2025-10-05T14:00:00Z"));
    expect(next).toEqual({ name: "Sunday Worship", startsAt: new Date("2025-10-05T16:00:00Z") });
  });

  test("after the last service of the week: wraps to the next one", () => {
    const next = nextServiceStart(slots, zone, new Date("2025-10-09T02:00:00Z")); // Wed 21:00 local
    expect(next).toEqual({ name: "Sunday Worship", startsAt: new Date("2025-10-12T16:00:00Z") });
  });

  test("across the end of daylight saving time 11:00 stays 11:00", () => {
    const next = nextServiceStart(slots, zone, new Date("2025-11-06T12:00:00Z")); // Thursday
    expect(next).toEqual({ name: "Sunday Worship", startsAt: new Date("2025-11-09T17:00:00Z") });
  });

  test("exactly at the start: the next one", () => {
    const next = nextServiceStart([slots[0]!], zone, new Date("2025-10-05T16:00:00Z"));
    expect(next?.startsAt).toEqual(new Date("2025-10-12T16:00:00Z"));
  });

  test("no service times", () => {
    expect(nextServiceStart([], zone, new Date())).toBeNull();
  });
});
