import { eq, sql } from "drizzle-orm";
import { outboxMessages } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";

/**
 * The outbox worker gives up on a message after its last attempt and never picks it up again:
 * this puts every failed message back in the queue, due now, with its attempts reset.
 */
export async function retryFailedSends(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ipAddress?: string | null;
}): Promise<{ count: number }> {
  const { db, actor } = options;
  return db.transaction(async (tx) => {
    const requeued = await tx
      .update(outboxMessages)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.status, "failed"))
      .returning({ id: outboxMessages.id });
    const count = requeued.length;
    if (count > 0) {
      await recordAudit({
        db: tx as unknown as AppDatabase,
        actor,
        ipAddress: options.ipAddress,
        entry: {
          action: "health.outbox.retry",
          entityType: "outbox",
          entityId: null,
          before: { status: "failed", count },
          after: { status: "pending", count },
        },
      });
    }
    return { count };
  });
}
