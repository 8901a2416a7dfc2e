import { and, arrayContains, asc, count, eq, inArray, isNull, ne } from "drizzle-orm";
import { adminUsers, orders, profiles, userRoles } from "~/db/schema";
import { SUPER_ADMIN_SCOPE } from "~/platform/admin/admin-sections";
import { isActiveSuperAdmin, loadUserState, lockSuperAdmins } from "~/platform/admin/user-state.server";
import type { AppDatabase } from "~/server/db.server";

/** Store orders the church still has to hand over or ship (or that a checkout may still pay). */
export const OPEN_ORDER_STATUSES = ["pending", "paid", "ready"] as const;

export type DeletionBlocker = { kind: "lastAdmin" } | { kind: "openOrder"; number: number };

/**
 * Why this account can't be deleted right now, or null:
 * - it is the last administrator: the last enabled super admin (`admin:*`), or, when it is an
 *   administrator without `admin:*`, the last enabled account with the admin role and record —
 *   nobody could run the portal or make a new administrator afterwards;
 * - a store order of theirs is not finished: the church still needs the name and address to
 *   hand it over or ship it, which deletion would remove.
 * `lock` takes the super admins' row locks first (call inside the deleting transaction), so two
 *   super admins deleting themselves at once can't both pass.
 */
export async function findDeletionBlocker(
  db: AppDatabase,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<DeletionBlocker | null> {
  if (options.lock) {
    // The same locks, in the same order, as every users-section change (user-guards.server.ts).
    await lockSuperAdmins(db);
  }
  const state = await loadUserState(db, userId);
  if (state && state.roles.includes("admin") && state.scopes !== null) {
    const superAdmin = isActiveSuperAdmin(state);
    const [others] = await db
      .select({ n: count() })
      .from(adminUsers)
      .innerJoin(userRoles, and(eq(userRoles.userId, adminUsers.userId), eq(userRoles.role, "admin")))
      .leftJoin(profiles, eq(profiles.id, adminUsers.userId))
      .where(
        and(
          ne(adminUsers.userId, userId),
          isNull(profiles.disabledAt),
          superAdmin ? arrayContains(adminUsers.scopes, [SUPER_ADMIN_SCOPE]) : undefined,
        ),
      );
    if ((others?.n ?? 0) === 0) return { kind: "lastAdmin" };
  }
  const [open] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.number))
    .limit(1);
  if (open) return { kind: "openOrder", number: open.number };
  return null;
}

/** Thrown inside the deletion when a blocker appeared since the first check: nothing is changed. */
export class AccountDeletionBlocked extends Error {
  constructor(readonly blocker: DeletionBlocker) {
    super(`account deletion blocked: ${blocker.kind}`);
    this.name = "AccountDeletionBlocked";
  }
}
