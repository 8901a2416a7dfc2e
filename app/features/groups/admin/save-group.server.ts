import { eq } from "drizzle-orm";
import { studyGroups } from "~/db/schema";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import type { GroupFieldError, GroupTextField } from "./group-form";
import type { GroupInput } from "./parse-group-input.server";

export type SaveGroupResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; fieldErrors: Partial<Record<GroupTextField, GroupFieldError>> };

const AUDITED: (keyof typeof studyGroups.$inferSelect)[] = [
  "slug",
  "nameEn",
  "nameEs",
  "descriptionEn",
  "descriptionEs",
  "scheduleNotesEn",
  "scheduleNotesEs",
  "dayOfWeek",
  "startTime",
  "durationMinutes",
  "meetingMode",
  "locationName",
  "address",
  "onlineUrl",
  "language",
  "contactName",
  "isOpen",
  "capacity",
  "status",
];

/**
 * Creates (groupId null) or updates a group, audit-logged with the fields before and after.
 * A slug typed by the admin must be free; an empty one is made from the English name.
 */
export async function saveGroup(o: {
  db: AppDatabase;
  actor: AdminIdentity;
  ip: string;
  groupId: number | null;
  input: GroupInput;
  now?: Date;
}): Promise<SaveGroupResult> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx): Promise<SaveGroupResult> => {
    const db = tx as unknown as AppDatabase;
    const before =
      o.groupId === null ? undefined : (await tx.select().from(studyGroups).where(eq(studyGroups.id, o.groupId)).for("update"))[0];
    if (o.groupId !== null && !before) return { ok: false, status: 404, fieldErrors: {} };
    let slug: string;
    if (o.input.slug) {
      const [other] = await tx.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.slug, o.input.slug));
      if (other && other.id !== before?.id) return { ok: false, status: 400, fieldErrors: { slug: "slugTaken" } };
      slug = o.input.slug;
    } else {
      slug = before?.slug ?? (await uniqueSlug(db, studyGroups.slug, slugify(o.input.nameEn, "group")));
    }
    const values = { ...o.input, slug };
    if (!before) {
      const [row] = await tx
        .insert(studyGroups)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("The group insert returned no row");
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: o.actor,
        ipAddress: o.ip,
        entry: { action: "group.create", entityType: "study_group", entityId: String(row.id), after: pick(row) },
      });
      return { ok: true, id: row.id, created: true, changed: true };
    }
    const changedKeys = AUDITED.filter(
      (k) => (values as Record<string, unknown>)[k] !== undefined && (values as Record<string, unknown>)[k] !== before[k],
    );
    if (changedKeys.length === 0) return { ok: true, id: before.id, created: false, changed: false };
    const [row] = await tx
      .update(studyGroups)
      .set({ ...values, updatedAt: now })
      .where(eq(studyGroups.id, before.id))
      .returning();
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "group.update",
        entityType: "study_group",
        entityId: String(before.id),
        before: Object.fromEntries(changedKeys.map((k) => [k, before[k]])),
        after: Object.fromEntries(changedKeys.map((k) => [k, row?.[k]])),
      },
    });
    return { ok: true, id: before.id, created: false, changed: true };
  });
}

function pick(row: typeof studyGroups.$inferSelect) {
  return Object.fromEntries(AUDITED.map((k) => [k, row[k]]));
}
