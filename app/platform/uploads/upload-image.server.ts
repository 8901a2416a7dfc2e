import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { processImage, type ImageRefusal } from "~/server/image-jobs.server";

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const LARGEST_IMAGE_WIDTH = Math.max(...IMAGE_WIDTHS);

/** Where uploaded images are stored (`<DATA_DIR>/uploads`, served at `/uploads/`). */
export function uploadDirectory(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

/** The real type from the first bytes; the file name and the browser's claim are ignored. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/**
 * Re-encodes an uploaded image (already sniffed as JPEG, PNG or WebP) to WebP at each of
 * IMAGE_WIDTHS (never enlarged, none taller than 3200 px), rotated upright and stripped of
 * metadata, into `uploadDir`, through the image-job queue (decoded once, one image at a time).
 * Answers the largest file's URL and every file written (for `removeImageFiles` if the
 * caller's save fails); a refused image (unreadable, over 25 MP, longer than 8:1, or the
 * queue full: "busy") writes nothing.
 */
export async function storeImageVariants(
  bytes: Uint8Array,
  uploadDir: string,
): Promise<{ ok: true; url: string; files: string[] } | { ok: false; reason: ImageRefusal }> {
  const base = randomBytes(12).toString("hex");
  const written: string[] = [];
  const result = await processImage(bytes, LARGEST_IMAGE_WIDTH, async (image) => {
    await mkdir(uploadDir, { recursive: true });
    for (const width of IMAGE_WIDTHS) {
      const out = await image.resized(width).webp({ quality: 80 }).toBuffer();
      const target = path.join(uploadDir, `${base}-${width}.webp`);
      written.push(target);
      await writeFile(target, out, { mode: 0o644 });
    }
  });
  if (!result.ok) {
    await removeImageFiles(written);
    return result;
  }
  return { ok: true, url: `/uploads/${base}-${LARGEST_IMAGE_WIDTH}.webp`, files: written };
}

export async function removeImageFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
}
