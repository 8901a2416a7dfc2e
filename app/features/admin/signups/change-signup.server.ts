import { eq } from "drizzle-orm";
import { signupInbox } from "~/db/schema";
import type { AdminMessageKey } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { AuditAction } from "~/lib/audit-actions";

export type SignupOutcome = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; key: AdminMessageKey; field?: string };

type Changes = Partial<Pick<typeof signupInbox.$inferInsert, "status" | "assigneeUserId" | "notes">>;

/**
 * Applies one change to a sign-up (row locked), with its audit entry (`action`, before →
 * after of the changed fields) in the same transaction. `check` may refuse inside it.
 */
export async function changeSignup(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  id: string;
  action: AuditAction;
  changes: Changes;
  check?: (tx: AppDatabase) => Promise<SignupOutcome | null>;
}): Promise<SignupOutcome> {
  const { id, changes } = options;
  return options.db.transaction(async (tx) => {
    const audited = tx as unknown as AppDatabase;
    const [row] = await tx
      .select({ status: signupInbox.status, assigneeUserId: signupInbox.assigneeUserId, notes: signupInbox.notes })
      .from(signupInbox)
      .where(eq(signupInbox.id, id))
      .for("update")
      .limit(1);
    if (!row) return { ok: false, status: 404, key: "signups.errors.notFound" } as const;
    const refused = options.check ? await options.check(audited) : null;
    if (refused) return refused;
    const fields = Object.keys(changes) as (keyof Changes)[];
    const before = Object.fromEntries(fields.map((field) => [field, row[field]]));
    await tx
      .update(signupInbox)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(signupInbox.id, id));
    await recordAudit({
      db: audited,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: options.action, entityType: "signup", entityId: id, before, after: changes },
    });
    return { ok: true, id } as const;
  });
}
