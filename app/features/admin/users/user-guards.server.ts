import { and, arrayContains, count, eq, isNull, ne, sql } from "drizzle-orm";
import { adminUsers, profiles, sessions, twoFactors, userRoles } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { SUPER_ADMIN_SCOPE, type ScopeName } from "~/platform/admin/admin-sections";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { isActiveSuperAdmin, loadUserState, lockSuperAdmins, type UserState } from "~/platform/admin/user-state.server";
import { changedScopes, grantableScopes, SUPER_ADMIN_ONLY_SCOPES } from "./grantable-scopes";
import { refused, UserActionRefusal } from "./user-action-result";

/**
 * Opens a guarded change inside `tx`: locks every super admin's record (`select … for
 * update`, always in the same order) so two changes that could each remove a super admin
 * run one after the other, then reads the target afresh. Refuses unknown accounts, and
 * refuses a non-super admin who tries to change a super admin.
 */
export async function beginUserChange(tx: AppDatabase, actor: AdminIdentity, userId: string): Promise<UserState> {
  await lockSuperAdmins(tx);
  // A new statement, so a change committed while we waited for the lock is seen here.
  const state = await loadUserState(tx, userId);
  if (!state) throw new UserActionRefusal(refused(404, "users.errors.notFound"));
  const targetIsSuper = (state.scopes ?? []).includes(SUPER_ADMIN_SCOPE) && state.roles.includes("admin");
  if (targetIsSuper && !actor.scopes.includes(SUPER_ADMIN_SCOPE)) {
    throw new UserActionRefusal(refused(403, "users.errors.superAdminOnly"));
  }
  return state;
}

/** Refuses a change that would leave no enabled super admin. Call after beginUserChange. */
export async function keepOneSuperAdmin(tx: AppDatabase, before: UserState, after: UserState): Promise<void> {
  if (!isActiveSuperAdmin(before) || isActiveSuperAdmin(after)) return;
  const [others] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(userRoles, and(eq(userRoles.userId, adminUsers.userId), eq(userRoles.role, "admin")))
    .leftJoin(profiles, eq(profiles.id, adminUsers.userId))
    .where(and(arrayContains(adminUsers.scopes, [SUPER_ADMIN_SCOPE]), isNull(profiles.disabledAt), ne(adminUsers.userId, before.userId)));
  if ((others?.n ?? 0) === 0) throw new UserActionRefusal(refused(400, "users.errors.lastSuperAdmin"));
}

/**
 * Issue 32: an administrator changes another account's access only within its own, and never
 * its own (a `users` administrator had ticked every scope on its own account). Call after
 * keepOneSuperAdmin with the state the change would leave. Refuses, with a 403:
 * - any change to one's own roles or scopes;
 * - giving or taking away `admin:*` or `users`, unless a super admin;
 * - giving or taking away a scope the administrator doesn't hold (taking the administrator
 *   role away takes every scope of the record; the moderator role counts as `moderation`).
 * Taking away is limited like giving, so nobody strips access they couldn't give back.
 */
export function refuseAccessBeyondActor(actor: AdminIdentity, before: UserState, after: UserState): void {
  const changed = changedScopes(before, after);
  if (before.userId === actor.userId) {
    if (changed.length > 0 || before.roles.join() !== [...after.roles].sort().join()) {
      throw new UserActionRefusal(refused(403, "users.errors.ownAccess"));
    }
    return;
  }
  const grantable = grantableScopes(actor.scopes);
  const beyond = changed.filter((scope) => !grantable.includes(scope as ScopeName));
  if (beyond.length === 0) return;
  if (beyond.includes(SUPER_ADMIN_SCOPE)) throw new UserActionRefusal(refused(403, "users.errors.superAdminOnly"));
  if (beyond.some((scope) => SUPER_ADMIN_ONLY_SCOPES.includes(scope as ScopeName))) {
    throw new UserActionRefusal(refused(403, "users.errors.usersScopeSuperAdminOnly"));
  }
  throw new UserActionRefusal(refused(403, "users.errors.scopeNotHeld", { scopes: beyond.join(", ") }));
}

/**
 * Disabling, signing out or resetting the two-factor of another account can lock its owner
 * out: allowed only when that account's access (its scopes, the moderator role as
 * `moderation`) is all within what the acting administrator may give (a `users` administrator
 * could otherwise keep one with more access out of the portal). Super admins may act on anyone.
 */
export function refuseOutrankedTarget(actor: AdminIdentity, target: UserState): void {
  if (target.userId === actor.userId) return;
  const grantable = grantableScopes(actor.scopes);
  const beyond = changedScopes(target, { roles: [], scopes: null }).filter((scope) => !grantable.includes(scope as ScopeName));
  if (beyond.length > 0) throw new UserActionRefusal(refused(403, "users.errors.targetOutranks", { scopes: beyond.join(", ") }));
}

/** Ends every member session of the account (better-auth's sessions rows). */
export async function deleteMemberSessions(tx: AppDatabase, userId: string): Promise<number> {
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}

export async function hasTwoFactorRecord(tx: AppDatabase, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  return row !== undefined;
}
