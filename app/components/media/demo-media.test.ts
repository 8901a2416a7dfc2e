import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoGallery } from "~/platform/seed/demo-church";
import { GALLERY_FORMATS, variantSrcSet } from "~/features/gallery/gallery-model";
import { demoImageSources } from "./demo-media";

const publicDir = path.resolve(__dirname, "../../../public");
const demoImages = [
  "/media/demo/welcome.webp",
  "/media/demo/harvest-festival.webp",
  "/media/demo/leader-bishop.webp",
  "/media/demo/leader-pastor.webp",
];

/** `url 480w, url 800w` → [[url, 480], …] */
const entries = (srcset: string) =>
  srcset.split(", ").map((part) => {
    const [url, descriptor] = part.split(" ");
    return [url!, Number(descriptor!.replace("w", ""))] as const;
  });

describe("demoImageSources", () => {
  it("returns null for images without generated variants (an admin's upload)", () => {
    expect(demoImageSources("/uploads/content/abc.webp")).toBeNull();
    expect(demoImageSources(null)).toBeNull();
  });

  it.each(demoImages)("lists AVIF and WebP files of %s that exist at the width they claim", async (image) => {
    const sources = demoImageSources(image);
    expect(sources).not.toBeNull();
    for (const [format, srcset] of Object.entries(sources!)) {
      for (const [url, width] of entries(srcset)) {
        expect(url.endsWith(`.${format}`)).toBe(true);
        const file = path.join(publicDir, url);
        expect(existsSync(file), `${url} missing: run scripts/generate-demo-media.sh --variants-only`).toBe(true);
        const meta = await sharp(file).metadata();
        expect(meta.width).toBe(width);
      }
    }
  });
});

describe("demo gallery photos", () => {
  it("name variants that exist, in every gallery format", () => {
    for (const photo of demoGallery(new Date())) {
      for (const format of GALLERY_FORMATS) {
        const srcset = variantSrcSet(photo.variantBase, photo.width, format);
        expect(srcset).not.toBeNull();
        for (const [url] of entries(srcset!)) expect(existsSync(path.join(publicDir, url)), url).toBe(true);
      }
    }
  });
});
