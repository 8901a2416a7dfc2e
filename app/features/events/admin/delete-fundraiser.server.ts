import { eq } from "drizzle-orm";
import { fundraiserArchive } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";

/** Deletes an archive entry; the audit entry (`fundraiser.delete`) keeps what it held. */
export async function deleteFundraiser(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  id: number;
}): Promise<{ ok: boolean }> {
  const { db, actor, ip, id } = options;
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(fundraiserArchive).where(eq(fundraiserArchive.id, id)).returning();
    if (!deleted) return { ok: false };
    const { createdAt: _c, updatedAt: _u, ...before } = deleted;
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor,
      ipAddress: ip,
      entry: { action: "fundraiser.delete", entityType: "fundraiser", entityId: String(id), before, after: null },
    });
    return { ok: true };
  });
}
