import { eq } from "drizzle-orm";
import { twoFactors, users } from "~/db/schema";
import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { done, type UserActionResult } from "./user-action-result";
import { deleteMemberSessions, hasTwoFactorRecord, refuseOutrankedTarget } from "./user-guards.server";
import { runUserChange } from "./run-user-change.server";

/**
 * `reset-two-factor`: deletes the account's authenticator secret and backup codes, turns
 * two-factor off and ends its sessions. An administrator sets it up again at the next
 * admin sign-in.
 */
export async function resetUserTwoFactor(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: { userId: string },
): Promise<UserActionResult> {
  return runUserChange(context, input.userId, async (tx, before) => {
    refuseOutrankedTarget(context.admin, before);
    const hadSecret = await hasTwoFactorRecord(tx, before.userId);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, before.userId));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, before.userId));
    const endedSessions = await deleteMemberSessions(tx, before.userId);
    const revokedAdminSessions = await revokeAdminSessions({ db: tx, userId: before.userId });
    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "user.two-factor.reset",
        entityType: "user",
        entityId: before.userId,
        before: { twoFactorEnabled: before.twoFactorEnabled, secret: hadSecret },
        after: { twoFactorEnabled: false, secret: false, endedSessions, revokedAdminSessions },
      },
    });
    return done("users.notices.twoFactorReset", { name: before.name });
  });
}
