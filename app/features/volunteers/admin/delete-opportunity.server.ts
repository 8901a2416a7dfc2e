import { eq } from "drizzle-orm";
import { volunteerOpportunities } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";

/**
 * Deletes a ministry, audited (`volunteer_opportunity.delete`). Its sign-ups stay (the foreign
 * key sets their ministry to null) with the title they were made under, and so do their
 * inbox rows.
 */
export async function deleteOpportunity(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  opportunityId: number;
}): Promise<{ ok: boolean }> {
  return o.db.transaction(async (tx) => {
    const [row] = await tx.delete(volunteerOpportunities).where(eq(volunteerOpportunities.id, o.opportunityId)).returning();
    if (!row) return { ok: false };
    await bumpContentVersion(tx as unknown as AppDatabase);
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "volunteer_opportunity.delete",
        entityType: "volunteer_opportunity",
        entityId: String(row.id),
        before: { slug: row.slug, title: row.title, titleEs: row.titleEs, active: row.active, sortOrder: row.sortOrder },
      },
    });
    return { ok: true };
  });
}
