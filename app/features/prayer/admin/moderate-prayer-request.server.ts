import { and, eq, isNull, ne } from "drizzle-orm";
import { prayerReports, prayerRequests } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { changePrayerRequest, type PrayerActor } from "./change-prayer-request.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";

/**
 * Approve, hide or delete a request: the moderation queue and the prayer inbox share it.
 * Approving or hiding closes its open reports (a moderator has looked), so the report count
 * starts again from zero.
 */
export async function moderatePrayerRequest(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  id: string;
  decision: "approve" | "hide" | "delete";
  publicOnly?: boolean;
}): Promise<PrayerAdminOutcome> {
  if (o.decision === "delete") {
    return o.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(prayerRequests)
        .where(and(eq(prayerRequests.id, o.id), o.publicOnly ? ne(prayerRequests.visibility, "private") : undefined))
        .returning();
      if (!row) return { ok: false, status: 404, key: "admin.errors.notFound" } as const;
      await recordAudit({
        db: tx as unknown as AppDatabase,
        actor: o.actor,
        ipAddress: o.ip,
        entry: {
          action: "prayer.delete",
          entityType: "prayer_request",
          entityId: o.id,
          before: { title: row.title, body: row.body, status: row.status, visibility: row.visibility },
        },
      });
      return { ok: true, id: null } as const;
    });
  }
  return changePrayerRequest({
    db: o.db,
    actor: o.actor,
    ip: o.ip,
    id: o.id,
    publicOnly: o.publicOnly,
    action: o.decision === "approve" ? "prayer.approve" : "prayer.hide",
    changes: { status: o.decision === "approve" ? "approved" : "hidden", reportCount: 0 },
    after: async (row, tx) => {
      await tx
        .update(prayerReports)
        .set({ resolvedAt: new Date() })
        .where(and(eq(prayerReports.requestId, row.id), isNull(prayerReports.resolvedAt)));
    },
  });
}
