import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { MAX_IMAGE_BYTES, removeImageFiles, sniffImageType, storeImageVariants } from "~/platform/uploads/upload-image.server";
import type { AppDatabase } from "~/server/db.server";
import { imageRefusalStatus } from "~/server/image-jobs.server";
import { contentKinds, kindByIntent, type ContentKind } from "./content-fields";
import { parseItemId, selectItem, updateItem } from "./content-tables.server";

export type UploadErrorCode =
  "noFile" | "tooLarge" | "badType" | "unreadable" | "tooManyPixels" | "badShape" | "busy" | "invalid" | "notFound";

export type UploadImageResult =
  | { ok: true; id: string; kind: ContentKind; url: string; files: string[] }
  | { ok: false; status: 400 | 404 | 413 | 503; error: UploadErrorCode };

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
  const auditAction = kind ? contentKinds[kind].imageAuditAction : undefined;
  const id = kind ? parseItemId(kind, form.get("id")) : null;
  if (!kind || !field || !auditAction || id === null) return { ok: false, status: 400, error: "invalid" };
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
          action: auditAction,
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
