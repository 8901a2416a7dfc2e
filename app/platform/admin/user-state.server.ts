import { arrayContains, asc, eq } from "drizzle-orm";
import { adminUsers, profiles, userRoles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { SUPER_ADMIN_SCOPE } from "./admin-sections";

/*
 * An account's access as the users section's guards (features/admin/users/user-guards.server.ts)
 * and the account deletion's "last administrator" check (features/privacy) read it.
 */

/** One account as the users section's actions see it (and write to the audit log). */
export interface UserState {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  /** Null when the account has no admin record. */
  scopes: string[] | null;
  disabled: boolean;
  twoFactorEnabled: boolean;
}

/** A super admin who still counts: role admin, `admin:*` in the record, not disabled. */
export function isActiveSuperAdmin(state: UserState): boolean {
  return !state.disabled && state.roles.includes("admin") && (state.scopes ?? []).includes(SUPER_ADMIN_SCOPE);
}

export async function loadUserState(db: AppDatabase, userId: string): Promise<UserState | null> {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      disabledAt: profiles.disabledAt,
      scopes: adminUsers.scopes,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role));
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    roles: roles.map((r) => r.role),
    scopes: row.scopes ? [...row.scopes].sort() : null,
    disabled: row.disabledAt !== null,
    twoFactorEnabled: row.twoFactorEnabled === true,
  };
}

/**
 * Locks every super admin's record (`select … for update`, always in the same order), so two
 * changes that could each remove the last super admin run one after the other. Call inside
 * the changing transaction, before reading the account.
 */
export async function lockSuperAdmins(tx: AppDatabase): Promise<void> {
  await tx
    .select({ userId: adminUsers.userId })
    .from(adminUsers)
    .where(arrayContains(adminUsers.scopes, [SUPER_ADMIN_SCOPE]))
    .orderBy(asc(adminUsers.userId))
    .for("update");
}
