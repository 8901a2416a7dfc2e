import { describe, expect, test } from "vitest";
import { brandCss, brandPalette, checkBrandColor, contrastRatio, normalizeHexColor } from "./brand-palette";

describe("the church's main colour", () => {
  test("contrast ratios are WCAG's: black on white 21, white on white 1, the built-in teal about 9", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#ffffff", "#0f5257")).toBeGreaterThan(8.5);
  });

  test("colours are read in the ways people type them", () => {
    expect(normalizeHexColor("#1A4D8F")).toBe("#1a4d8f");
    expect(normalizeHexColor("1a4d8f")).toBe("#1a4d8f");
    expect(normalizeHexColor("#abc")).toBe("#aabbcc");
    for (const bad of ["", "blue", "#12345", "#gggggg", "rgb(0,0,0)", "#1a4d8f; color: red"]) expect(normalizeHexColor(bad)).toBeNull();
  });

  test("a dark enough colour is accepted, and every pairing of its shades keeps 4.5:1", () => {
    for (const color of ["#0f5257", "#1a4d8f", "#7b1e3a", "#000000", "#c00000"]) {
      const checked = checkBrandColor(color);
      expect(checked.ok, color).toBe(true);
      if (!checked.ok) continue;
      const p = checked.palette;
      expect(p["700"]).toBe(color);
      for (const [text, background] of [
        ["#ffffff", p["700"]],
        ["#ffffff", p["600"]],
        [p["700"], p["50"]],
        [p["50"], p["900"]],
        [p["100"], p["900"]],
      ] as const) {
        expect(contrastRatio(text, background), `${color}: ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  test("a light colour is refused, with white text's contrast on it", () => {
    const yellow = checkBrandColor("#f4d03f");
    expect(yellow).toMatchObject({ ok: false, reason: "contrast" });
    if (!yellow.ok) expect(yellow.contrast).toBeLessThan(2);
    // Pure red is just under AA for white text (4.0:1).
    expect(checkBrandColor("#ff0000")).toMatchObject({ ok: false, reason: "contrast" });
    expect(checkBrandColor("teal")).toEqual({ ok: false, reason: "format" });
  });

  test("the 600 shade is lighter than the main colour only as far as white text allows", () => {
    const p = brandPalette("#1a4d8f");
    expect(contrastRatio("#ffffff", p["600"])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#ffffff", p["600"])).toBeLessThan(contrastRatio("#ffffff", "#1a4d8f"));
  });

  test("the stylesheet override names every shade, and nothing for the built-in colours or a refused one", () => {
    expect(brandCss("#1a4d8f")).toMatch(
      /^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand-700:#1a4d8f;.*--color-brand-900:#[0-9a-f]{6}\}$/,
    );
    expect(brandCss(null)).toBe("");
    expect(brandCss("#f4d03f")).toBe("");
  });
});
