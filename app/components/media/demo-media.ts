/**
 * Smaller copies of the demo church's still images (scripts/generate-demo-media.sh writes
 * `<name>-<width>.<avif|webp>` next to each original under public/media/demo). Keep the widths
 * in step with the script's `make_variants`. An image not listed here (an admin's own upload)
 * is shown as it is.
 */
const DEMO_VARIANT_WIDTHS: Readonly<Record<string, readonly number[]>> = {
  "/media/demo/welcome.webp": [480, 800],
  "/media/demo/harvest-festival.webp": [400, 800],
  "/media/demo/leader-bishop.webp": [256, 400],
  "/media/demo/leader-pastor.webp": [256, 400],
};

export interface ImageSources {
  avif: string;
  webp: string;
}

/** AVIF and WebP srcsets of a demo image, or null when it has no generated variants. */
export function demoImageSources(url: string | null | undefined): ImageSources | null {
  if (!url) return null;
  const widths = DEMO_VARIANT_WIDTHS[url];
  if (!widths) return null;
  const base = url.replace(/\.webp$/, "");
  const srcset = (format: "avif" | "webp") => widths.map((w) => `${base}-${w}.${format} ${w}w`).join(", ");
  return { avif: srcset("avif"), webp: srcset("webp") };
}
