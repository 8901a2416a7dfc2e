import { and, eq, inArray } from "drizzle-orm";
import { adminUsers, profiles, userRoles } from "~/db/schema";
import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { done, refused, UserActionRefusal, type UserActionResult } from "./user-action-result";
import { keepOneSuperAdmin, refuseAccessBeyondActor } from "./user-guards.server";
import { runUserChange } from "./run-user-change.server";

export const USER_ROLES = ["admin", "moderator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * `set-roles`: the account's roles become exactly `roles`. Giving `admin` creates (or keeps)
 * the admin record; taking it away deletes the record. Any role taken away ends the
 * account's admin sessions. Nobody removes their own admin role or the last super admin's;
 * nobody changes their own roles, and a role change that gives or takes scopes the
 * administrator doesn't hold (the moderator role: `moderation`) is refused
 * (refuseAccessBeyondActor).
 */
export async function setUserRoles(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: { userId: string; roles: UserRole[] },
): Promise<UserActionResult> {
  const wanted = [...new Set(input.roles)].sort();
  return runUserChange(context, input.userId, async (tx, before) => {
    const removed = before.roles.filter((r) => !wanted.includes(r as UserRole));
    const added = wanted.filter((r) => !before.roles.includes(r));
    if (removed.includes("admin") && before.userId === context.admin.userId) {
      throw new UserActionRefusal(refused(400, "users.errors.ownAdminRole"));
    }
    const after = { ...before, roles: wanted, scopes: wanted.includes("admin") ? (before.scopes ?? []) : null };
    await keepOneSuperAdmin(tx, before, after);
    refuseAccessBeyondActor(context.admin, before, after);
    if (removed.length === 0 && added.length === 0 && (after.scopes === null) === (before.scopes === null)) {
      return done("users.notices.unchanged");
    }

    if (removed.length > 0) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, before.userId), inArray(userRoles.role, removed as UserRole[])));
    }
    if (added.length > 0) {
      await tx
        .insert(userRoles)
        .values(added.map((role) => ({ userId: before.userId, role })))
        .onConflictDoNothing();
    }
    if (wanted.includes("admin")) {
      if (before.scopes === null) {
        const [profile] = await tx
          .select({ displayName: profiles.displayName, fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, before.userId))
          .limit(1);
        const name = profile?.displayName || profile?.fullName || before.name || before.email;
        await tx.insert(adminUsers).values({ userId: before.userId, name, scopes: [] }).onConflictDoNothing();
      }
    } else if (before.scopes !== null) {
      await tx.delete(adminUsers).where(eq(adminUsers.userId, before.userId));
    }
    const revokedAdminSessions = removed.length > 0 ? await revokeAdminSessions({ db: tx, userId: before.userId }) : 0;

    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "user.roles.update",
        entityType: "user",
        entityId: before.userId,
        before: { roles: before.roles, scopes: before.scopes },
        after: { roles: after.roles, scopes: after.scopes, revokedAdminSessions },
      },
    });
    return done("users.notices.rolesSaved", { name: before.name });
  });
}
