/**
 * The site's colours from the church's one main colour (issue 34): the shades the stylesheet
 * names `--color-brand-50 … 900` (app/app.css), with the main colour as 700 — the buttons with
 * white text, the links on white. A colour is accepted only when every pairing the pages use
 * keeps WCAG 2.2 AA contrast (4.5:1 for text): white on the main colour and on the 600 shade
 * (page bands), the main and darker shades on the palest tints, the tints on the darkest shade
 * (the footer).
 */
export type BrandShade = "50" | "100" | "600" | "700" | "800" | "900";
export type BrandPalette = Record<BrandShade, string>;

export const AA_TEXT_CONTRAST = 4.5;
export const HEX_COLOR = /^#[0-9a-f]{6}$/;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function format([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function mix(color: Rgb, toward: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => color[i]! + (toward[i]! - color[i]!) * amount) as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two "#rrggbb" colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** "#RGB", "#rrggbb", "rrggbb" (any case) → "#rrggbb", or null. */
export function normalizeHexColor(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/^#?/, "#");
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join("")}`;
  return HEX_COLOR.test(value) ? value : null;
}

/** The shades of a main colour (its validity is `checkBrandColor`'s to say). */
export function brandPalette(main: string): BrandPalette {
  const base = parse(main);
  // As light as white text on it allows, at most 15 % toward white.
  let lighter = base;
  for (const amount of [0.15, 0.1, 0.05]) {
    const candidate = mix(base, WHITE, amount);
    if (contrastRatio(format(candidate), "#ffffff") >= AA_TEXT_CONTRAST) {
      lighter = candidate;
      break;
    }
  }
  return {
    "50": format(mix(base, WHITE, 0.94)),
    "100": format(mix(base, WHITE, 0.84)),
    "600": format(lighter),
    "700": main,
    "800": format(mix(base, BLACK, 0.25)),
    "900": format(mix(base, BLACK, 0.5)),
  };
}

/** The text-on-background pairs the pages use, as [text, background]. */
const PAIRS: Array<[BrandShade | "white", BrandShade | "white"]> = [
  ["white", "700"],
  ["white", "600"],
  ["white", "800"],
  ["700", "white"],
  ["800", "white"],
  ["700", "50"],
  ["800", "50"],
  ["900", "50"],
  ["50", "900"],
  ["100", "900"],
  ["50", "800"],
];

export type BrandColorCheck =
  { ok: true; color: string; palette: BrandPalette; contrast: number } | { ok: false; reason: "format" | "contrast"; contrast?: number };

/** Whether `input` can be the main colour: a hex colour whose every pairing keeps AA contrast. */
export function checkBrandColor(input: string): BrandColorCheck {
  const color = normalizeHexColor(input);
  if (!color) return { ok: false, reason: "format" };
  const palette = brandPalette(color);
  const shade = (name: BrandShade | "white") => (name === "white" ? "#ffffff" : palette[name]);
  const worst = Math.min(...PAIRS.map(([text, background]) => contrastRatio(shade(text), shade(background))));
  const contrast = Math.round(contrastRatio("#ffffff", color) * 100) / 100;
  if (worst < AA_TEXT_CONTRAST) return { ok: false, reason: "contrast", contrast };
  return { ok: true, color, palette, contrast };
}

/** `:root { --color-brand-…: … }` for the page's <style>, or "" for the built-in colours. */
export function brandCss(color: string | null): string {
  if (!color) return "";
  const checked = checkBrandColor(color);
  if (!checked.ok) return "";
  return `:root{${Object.entries(checked.palette)
    .map(([shade, value]) => `--color-brand-${shade}:${value}`)
    .join(";")}}`;
}
