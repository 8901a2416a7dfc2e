import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, sniffImageType } from "~/features/admin/content/upload-image.server";
import type { EventFieldError } from "./event-form";

/** Refuses decompression bombs: at most 50 megapixels (as content uploads do). */
const MAX_INPUT_PIXELS = 50_000_000;

export type StoreImageResult = { ok: true; url: string; files: string[] } | { ok: false; error: EventFieldError };

/**
 * An event's flyer image, processed as content images are (`uploadContentImage`): a JPEG, PNG
 * or WebP of at most 8 MB, sniffed from its bytes, re-encoded to WebP at 480, 960 and 1600
 * pixels wide (metadata stripped) into `uploadDir`. Answers the largest file's URL; the
 * caller records it, and removes the files with `removeImageFiles` if its transaction fails.
 */
export async function storeEventImage(file: File, uploadDir: string): Promise<StoreImageResult> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: "imageTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return { ok: false, error: "imageType" };
  const { default: sharp } = await import("sharp");
  const base = randomBytes(12).toString("hex");
  const written: string[] = [];
  try {
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata();
    await mkdir(uploadDir, { recursive: true });
    for (const width of IMAGE_WIDTHS) {
      const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const target = path.join(uploadDir, `${base}-${width}.webp`);
      await writeFile(target, out, { mode: 0o644 });
      written.push(target);
    }
  } catch {
    await removeImageFiles(written);
    return { ok: false, error: "imageUnreadable" };
  }
  return { ok: true, url: `/uploads/${base}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}.webp`, files: written };
}

export async function removeImageFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
}
