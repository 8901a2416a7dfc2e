import { describe, expect, test } from "vitest";
import { coverFeeCents, describeFee, formatCents, parseDollars } from "./money";

describe("money in cents", () => {
  test("dollars typed by people become cents without floating point", () => {
    expect(parseDollars("25")).toBe(2500);
    expect(parseDollars("25.5")).toBe(2550);
    expect(parseDollars(" $1,250.05 ")).toBe(125005);
    expect(parseDollars("0.29")).toBe(29);
    expect(parseDollars("19.99")).toBe(1999); // 19.99 × 100 is 1998.9999… in floating point
    for (const bad of ["", "-5", "5.123", "1e3", "abc", "12,34", "1,2345", "Infinity", "NaN", "0x10", "9999999999"]) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  test("the covered fee grosses up so the fund receives the whole gift", () => {
    for (const amount of [100, 1000, 2500, 9999, 100000, 99_999_900]) {
      const fee = coverFeeCents(amount, 290, 30);
      const gross = amount + fee;
      // What Stripe keeps of the gross (rounded to the cent as Stripe rounds) leaves at least the gift…
      expect(gross - Math.round((gross * 290) / 10_000) - 30).toBeGreaterThanOrEqual(amount);
      // …and it is the smallest such gross before rounding: one cent less falls short.
      expect((gross - 1) * (10_000 - 290)).toBeLessThan((amount + 30) * 10_000);
    }
    expect(coverFeeCents(10000, 290, 30)).toBe(330); // $100 → $103.30
    expect(coverFeeCents(5000, 0, 0)).toBe(0);
    expect(coverFeeCents(5000, 0, 30)).toBe(30);
  });

  test("amounts and fees read naturally in both languages", () => {
    expect(formatCents(2500, "en")).toBe("$25");
    expect(formatCents(125005, "en")).toBe("$1,250.05");
    expect(formatCents(2550, "es")).toMatch(/^(US\$|\$)\s?25[.,]50$/);
    expect(describeFee(290, 30, "en")).toBe("2.9% + $0.30");
  });
});
