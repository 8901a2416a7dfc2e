import { randomBytes } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { GALLERY_FORMATS, GALLERY_LARGEST_WIDTH, GALLERY_WIDTHS, widthsFor } from "./gallery-model";
import { loadSharp } from "~/server/sharp.server";

/** Refuses decompression bombs: at most 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Gallery files live in DATA_DIR/uploads/gallery, served at /uploads/gallery/. */
const URL_PREFIX = "/uploads/gallery";

export function galleryUploadDir(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads", "gallery");
}

export interface StoredGalleryImage {
  variantBase: string;
  imageUrl: string;
  width: number;
  height: number;
  files: string[];
}

/**
 * Re-encodes a photo (bytes or a file path; already sniffed as JPEG, PNG or WebP) into AVIF
 * and WebP at 480, 960 and 1600 pixels wide (never enlarged: a narrower photo gets fewer
 * files), turned upright and stripped of metadata, under random names in `uploadDir`.
 * Returns null, having written nothing, for an image sharp cannot read or one over 50 MP.
 * `urlPrefix` is where `uploadDir` is served (gallery photos: /uploads/gallery).
 */
export async function storeGalleryImage(input: Uint8Array | string, uploadDir: string, urlPrefix: string = URL_PREFIX): Promise<StoredGalleryImage | null> {
  const sharp = await loadSharp();
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  const name = randomBytes(12).toString("hex");
  const written: string[] = [];
  try {
    const meta = await open().metadata();
    if (!meta.width || !meta.height) return null;
    // EXIF orientations 5–8 swap the sides once the photo is turned upright.
    const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    await mkdir(uploadDir, { recursive: true });
    let largest = { width: upright.width, height: upright.height };
    for (const width of widthsFor(upright.width)) {
      for (const format of GALLERY_FORMATS) {
        const target = path.join(uploadDir, `${name}-${width}.${format}`);
        const pipeline = open().rotate().resize({ width, withoutEnlargement: true });
        const encoded = format === "avif" ? pipeline.avif({ quality: 55, effort: 2 }) : pipeline.webp({ quality: 80 });
        written.push(target);
        const info = await encoded.toFile(target);
        if (width === GALLERY_LARGEST_WIDTH) largest = { width: info.width, height: info.height };
      }
    }
    return { variantBase: `${urlPrefix}/${name}`, imageUrl: `${urlPrefix}/${name}-${GALLERY_LARGEST_WIDTH}.webp`, width: largest.width, height: largest.height, files: written };
  } catch {
    await removeFiles(written);
    return null;
  }
}

export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
}

/** Every file a stored photo may have, from its `variant_base` (only ours: /uploads/gallery/<hex>). */
export function filesOfVariantBase(variantBase: string | null, uploadDir: string): string[] {
  const match = variantBase ? /^\/uploads\/gallery\/([0-9a-f]{24})$/.exec(variantBase) : null;
  if (!match) return [];
  return GALLERY_WIDTHS.flatMap((w) => GALLERY_FORMATS.map((f) => path.join(uploadDir, `${match[1]}-${w}.${f}`)));
}

/** Deletes a stored photo's files (a demo photo under /media has none of ours). */
export async function removeGalleryFiles(variantBase: string | null, uploadDir: string): Promise<void> {
  await removeFiles(filesOfVariantBase(variantBase, uploadDir));
}
