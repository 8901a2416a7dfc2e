import { describe, expect, test } from "vitest";
import es from "~/i18n/locales/es";
import { formatClock, parseClock } from "./format-service-time";

const english = { am: "AM", pm: "PM" };
const spanish = { am: "a. m.", pm: "p. m." };

describe("parseClock", () => {
  test.each([
    ["00:00", { hour: 12, minute: "00", period: "am" }],
    ["00:05", { hour: 12, minute: "05", period: "am" }],
    ["09:30", { hour: 9, minute: "30", period: "am" }],
    ["9:30", { hour: 9, minute: "30", period: "am" }],
    ["11:59", { hour: 11, minute: "59", period: "am" }],
    ["12:00", { hour: 12, minute: "00", period: "pm" }],
    ["13:15", { hour: 1, minute: "15", period: "pm" }],
    ["19:00", { hour: 7, minute: "00", period: "pm" }],
    ["23:45", { hour: 11, minute: "45", period: "pm" }],
  ] as const)("%s", (input, expected) => {
    expect(parseClock(input)).toEqual(expected);
  });

  test.each(["", "7pm", "19", "19:0", "19:000", "ab:cd", " 19:00", "19.00", "24:00", "25:00", "12:60"])("rejects %j", (input) => {
    expect(() => parseClock(input)).toThrow(/Invalid time/);
  });
});

describe("formatClock", () => {
  test("the spec's service times in English", () => {
    expect(formatClock("09:30", english)).toBe("9:30\u00a0AM");
    expect(formatClock("11:00", english)).toBe("11:00\u00a0AM");
    expect(formatClock("19:00", english)).toBe("7:00\u00a0PM");
  });

  test("in Spanish", () => {
    expect(formatClock("09:30", spanish)).toBe("9:30\u00a0a. m.");
    expect(formatClock("19:00", spanish)).toBe("7:00\u00a0p. m.");
    // The site's own Spanish words keep "a. m." together on one line.
    expect(formatClock("11:00", es.time)).toBe("11:00\u00a0a.\u00a0m.");
  });

  test("noon and midnight", () => {
    expect(formatClock("12:00", english)).toBe("12:00\u00a0PM");
    expect(formatClock("00:00", english)).toBe("12:00\u00a0AM");
  });
});
