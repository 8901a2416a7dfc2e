import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { contentKinds, kindByIntent, type ContentKind } from "~/features/content/admin/content-fields";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { parseItemId, selectItem, updateItem } from "~/features/content/admin/content-tables.server";
import { imageRefusalStatus, processImage, type ImageRefusal } from "~/server/image-jobs.server";

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const LARGEST_IMAGE_WIDTH = Math.max(...IMAGE_WIDTHS);

export type UploadErrorCode =
  "noFile" | "tooLarge" | "badType" | "unreadable" | "tooManyPixels" | "badShape" | "busy" | "invalid" | "notFound";

export type UploadImageResult =
  | { ok: true; id: string; kind: ContentKind; url: string; files: string[] }
  | { ok: false; status: 400 | 404 | 413 | 503; error: UploadErrorCode };

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
 * Takes an uploaded JPEG, PNG or WebP (≤ 8 MB), re-encodes it to WebP at 480, 960 and 1600
 * pixels wide (never enlarging, metadata stripped) into `uploadDir`, and records the largest
 * file's URL (`/uploads/<random>-1600.webp`) into the item's image field with an audit entry
 * and a new content version. The form fields are `intent=upload-image`, `kind`, `id`, `file`.
 */
export async function uploadContentImage(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  form: FormData;
  uploadDir: string;
}): Promise<UploadImageResult> {
  const { form } = options;
  const kindRaw = form.get("kind");
  const kind = typeof kindRaw === "string" ? kindByIntent.get(`save-${kindRaw}`) : undefined;
  const field = kind ? contentKinds[kind].imageField : undefined;
  const id = kind ? parseItemId(kind, form.get("id")) : null;
  if (!kind || !field || id === null) return { ok: false, status: 400, error: "invalid" };
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, status: 400, error: "noFile" };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, status: 413, error: "tooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return { ok: false, status: 400, error: "badType" };

  const stored = await storeImageVariants(bytes, options.uploadDir);
  if (!stored.ok) return { ok: false, status: imageRefusalStatus(stored.reason), error: stored.reason };
  const { url, files: written } = stored;
  const descriptor = contentKinds[kind];
  try {
    const saved = await options.db.transaction(async (tx) => {
      const t = tx as unknown as AppDatabase;
      const current = await selectItem(t, kind, id);
      if (!current) return false;
      await updateItem(t, kind, id, { [field]: url });
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: {
          action: `content.${kind}.image.upload`,
          entityType: descriptor.entityType,
          entityId: String(id),
          before: { [field]: current[field] ?? null },
          after: { [field]: url },
        },
      });
      await bumpContentVersion(t);
      return true;
    });
    if (!saved) {
      await removeImageFiles(written);
      return { ok: false, status: 404, error: "notFound" };
    }
  } catch (error) {
    await removeImageFiles(written);
    throw error;
  }
  return { ok: true, id: String(id), kind, url, files: written };
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
