import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { done, type UserActionResult } from "./user-action-result";
import { deleteMemberSessions, refuseOutrankedTarget } from "./user-guards.server";
import { runUserChange } from "./run-user-change.server";

/** `sign-out`: ends every member session and every admin session of the account. */
export async function signOutUser(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: { userId: string },
): Promise<UserActionResult> {
  return runUserChange(context, input.userId, async (tx, before) => {
    refuseOutrankedTarget(context.admin, before);
    const endedSessions = await deleteMemberSessions(tx, before.userId);
    const revokedAdminSessions = await revokeAdminSessions({ db: tx, userId: before.userId });
    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "user.sign-out",
        entityType: "user",
        entityId: before.userId,
        before: { memberSessions: endedSessions, adminSessions: revokedAdminSessions },
        after: { memberSessions: 0, adminSessions: 0 },
      },
    });
    return done("users.notices.signedOut", { name: before.name });
  });
}
