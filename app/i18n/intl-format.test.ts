import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-format";

describe("intl-format", () => {
  it("builds a format once per language and options", () => {
    const a = dateTimeFormat("en", { dateStyle: "medium", timeZone: "America/Chicago" });
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "America/Chicago" })).toBe(a);
    expect(dateTimeFormat("es", { dateStyle: "medium", timeZone: "America/Chicago" })).not.toBe(a);
    expect(dateTimeFormat("en", { dateStyle: "long", timeZone: "America/Chicago" })).not.toBe(a);
    expect(numberFormat("es", { maximumFractionDigits: 2 })).toBe(numberFormat("es", { maximumFractionDigits: 2 }));
  });

  it("formats as the locale of each language (es-US, en-US; anything else English)", () => {
    const day = new Date("2026-03-04T18:00:00Z");
    expect(dateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(day)).toBe("March 4, 2026");
    expect(dateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(day)).toBe("4 de marzo de 2026");
    expect(dateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(day)).toBe("March 4, 2026");
    expect(dateTimeFormat("en", { hour: "numeric", minute: "2-digit", timeZone: "America/Chicago" }).format(day)).toMatch(/^12:00\sPM$/);
    expect(numberFormat("en", { maximumFractionDigits: 2 }).format(2.905)).toBe("2.91");
  });

  it("throws for an unknown time zone, keeping nothing", () => {
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
    expect(() => dateTimeFormat("en", { timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
  });

  it("keeps a bounded number of formats", () => {
    const first = dateTimeFormat("en", { timeZone: "UTC", year: "numeric" });
    const zones = Intl.supportedValuesOf("timeZone").slice(0, 300);
    expect(zones.length).toBe(300);
    for (const timeZone of zones) dateTimeFormat("en", { timeZone, year: "numeric" });
    // Still correct after the formats were cleared, and built anew.
    expect(dateTimeFormat("en", { timeZone: "UTC", year: "numeric" }).format(new Date("2026-01-01T12:00:00Z"))).toBe("2026");
    expect(dateTimeFormat("en", { timeZone: "UTC", year: "numeric" })).not.toBe(first);
  });
});
