import { eq } from "drizzle-orm";
import { sermonTopicLinks, sermons } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import { removeUploadedFile } from "./sermon-uploads.server";

/** Deletes a sermon (its topic links go with it), audit-logged; its uploaded files after the commit. */
export async function deleteSermon(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  sermonId: number;
  uploadRoot?: string;
}): Promise<{ ok: true; title: string } | { ok: false; status: 404 }> {
  const { db } = options;
  const deleted = await db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [row] = await t.select().from(sermons).where(eq(sermons.id, options.sermonId)).for("update");
    if (!row) return null;
    const topics = (
      await t.select({ id: sermonTopicLinks.topicId }).from(sermonTopicLinks).where(eq(sermonTopicLinks.sermonId, row.id))
    ).map((r) => r.id);
    await t.delete(sermons).where(eq(sermons.id, row.id));
    const { search: _search, createdAt, updatedAt, ...rest } = row;
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "sermon.delete",
        entityType: "sermon",
        entityId: String(row.id),
        before: { ...rest, topicIds: topics, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
      },
    });
    await bumpContentVersion(t);
    return row;
  });
  if (!deleted) return { ok: false, status: 404 };
  for (const url of [deleted.audioUrl, deleted.videoFileUrl, deleted.notesUrl]) await removeUploadedFile(url, options.uploadRoot);
  return { ok: true, title: deleted.titleEn };
}
