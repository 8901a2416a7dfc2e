import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { done, refused, UserActionRefusal, type UserActionResult } from "./user-action-result";
import { deleteMemberSessions, keepOneSuperAdmin, refuseOutrankedTarget } from "./user-guards.server";
import { runUserChange } from "./run-user-change.server";

/**
 * `disable` / `enable`: sets or clears profiles.disabled_at. Disabling also ends every
 * member and admin session of the account. Nobody disables themselves or the last super admin.
 */
export async function setUserDisabled(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: { userId: string; disabled: boolean },
): Promise<UserActionResult> {
  return runUserChange(context, input.userId, async (tx, before) => {
    if (input.disabled && before.userId === context.admin.userId) {
      throw new UserActionRefusal(refused(400, "users.errors.disableSelf"));
    }
    if (input.disabled) refuseOutrankedTarget(context.admin, before);
    const after = { ...before, disabled: input.disabled };
    await keepOneSuperAdmin(tx, before, after);
    if (before.disabled === input.disabled) return done("users.notices.unchanged");

    const now = new Date();
    const updated = await tx
      .update(profiles)
      .set({ disabledAt: input.disabled ? now : null, updatedAt: now })
      .where(eq(profiles.id, before.userId))
      .returning({ id: profiles.id });
    if (updated.length === 0) {
      // An account without a profile (made outside the sign-up flow) gets one to hold the flag.
      await tx.insert(profiles).values({ id: before.userId, fullName: before.name, disabledAt: input.disabled ? now : null });
    }
    let endedSessions = 0;
    let revokedAdminSessions = 0;
    if (input.disabled) {
      endedSessions = await deleteMemberSessions(tx, before.userId);
      revokedAdminSessions = await revokeAdminSessions({ db: tx, userId: before.userId });
    }
    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: input.disabled ? "user.disable" : "user.enable",
        entityType: "user",
        entityId: before.userId,
        before: { disabled: before.disabled },
        after: input.disabled ? { disabled: true, endedSessions, revokedAdminSessions } : { disabled: false },
      },
    });
    return done(input.disabled ? "users.notices.disabled" : "users.notices.enabled", { name: before.name });
  });
}
