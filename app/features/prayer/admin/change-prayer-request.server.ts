import { and, eq, ne } from "drizzle-orm";
import { prayerRequests } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";
import type { AuditAction } from "~/lib/audit-actions";

export type PrayerActor = Pick<AdminIdentity, "userId" | "name">;
type PrayerRow = typeof prayerRequests.$inferSelect;

/**
 * The one way staff change a request: lock the row, apply `changes`, and audit-log before and
 * after in the same transaction. A request that is gone (or private, with `publicOnly`) answers 404.
 */
export async function changePrayerRequest(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  id: string;
  /** The moderation queue: private requests are not there (404). */
  publicOnly?: boolean;
  action: AuditAction;
  changes: Partial<typeof prayerRequests.$inferInsert>;
  after?: (row: PrayerRow, tx: AppDatabase) => Promise<void>;
}): Promise<PrayerAdminOutcome> {
  return o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [before] = await tx
      .select()
      .from(prayerRequests)
      .where(and(eq(prayerRequests.id, o.id), o.publicOnly ? ne(prayerRequests.visibility, "private") : undefined))
      .for("update");
    if (!before) return { ok: false, status: 404, key: "admin.errors.notFound" } as const;
    const [row] = await tx
      .update(prayerRequests)
      .set({ ...o.changes, updatedAt: new Date() })
      .where(eq(prayerRequests.id, o.id))
      .returning();
    const pick = (r: PrayerRow) => Object.fromEntries(Object.keys(o.changes).map((k) => [k, r[k as keyof PrayerRow]]));
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: { action: o.action, entityType: "prayer_request", entityId: o.id, before: pick(before), after: pick(row!) },
    });
    if (o.after) await o.after(row!, db);
    return { ok: true, id: o.id } as const;
  });
}
