import { randomBytes } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { GALLERY_FORMATS, GALLERY_LARGEST_WIDTH, GALLERY_WIDTHS, widthsFor } from "./gallery-model";
import { processImage, encodeAs, type ImageInput, type ImageRefusal } from "~/server/image-jobs.server";

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

export type GalleryImageResult = { ok: true; image: StoredGalleryImage } | { ok: false; reason: ImageRefusal };

/**
 * Re-encodes a photo (bytes or a file path; already sniffed as JPEG, PNG or WebP) into AVIF
 * and WebP at 480, 960 and 1600 pixels wide (never enlarged: a narrower photo gets fewer
 * files; none taller than 3200 px), turned upright and stripped of metadata, under random
 * names in `uploadDir`, through the image-job queue (decoded once, one photo at a time).
 * Writes nothing when the photo is refused: unreadable, over 25 MP, longer than 8:1, or the
 * queue is full ("busy"). `urlPrefix` is where `uploadDir` is served (gallery: /uploads/gallery).
 */
export async function encodeGalleryImage(options: {
  input: ImageInput;
  uploadDir: string;
  urlPrefix?: string;
}): Promise<GalleryImageResult> {
  const { input, uploadDir, urlPrefix = URL_PREFIX } = options;
  const name = randomBytes(12).toString("hex");
  const written: string[] = [];
  const result = await processImage(input, GALLERY_LARGEST_WIDTH, async (image) => {
    await mkdir(uploadDir, { recursive: true });
    let largest = { width: image.width, height: image.height };
    // Named by the width asked for; the largest file (-1600) may be narrower (its real width is stored).
    for (const width of widthsFor(image.width)) {
      for (const format of GALLERY_FORMATS) {
        const target = path.join(uploadDir, `${name}-${width}.${format}`);
        written.push(target);
        const info = await encodeAs(image.resized(width), format).toFile(target);
        if (width === GALLERY_LARGEST_WIDTH) largest = { width: info.width, height: info.height };
      }
    }
    return {
      variantBase: `${urlPrefix}/${name}`,
      imageUrl: `${urlPrefix}/${name}-${GALLERY_LARGEST_WIDTH}.webp`,
      width: largest.width,
      height: largest.height,
      files: written,
    };
  });
  if (!result.ok) {
    await removeFiles(written);
    return result;
  }
  return { ok: true, image: result.value };
}

/**
 * `encodeGalleryImage` for a caller that shows one message for every refusal (the store's
 * product images): the stored photo, or null having written nothing.
 */
export async function storeGalleryImage(
  input: ImageInput,
  uploadDir: string,
  urlPrefix: string = URL_PREFIX,
): Promise<StoredGalleryImage | null> {
  const result = await encodeGalleryImage({ input, uploadDir, urlPrefix });
  return result.ok ? result.image : null;
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
