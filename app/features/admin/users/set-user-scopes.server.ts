import { eq } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { ADMIN_SCOPES, SUPER_ADMIN_SCOPE, type ScopeName } from "~/platform/admin/admin-sections";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { done, refused, UserActionRefusal, type UserActionResult } from "./user-action-result";
import { keepOneSuperAdmin, refuseAccessBeyondActor } from "./user-guards.server";
import { runUserChange } from "./run-user-change.server";

/** Every scope the form offers, in its order. */
export const EDITABLE_SCOPES: readonly ScopeName[] = [SUPER_ADMIN_SCOPE, ...ADMIN_SCOPES];

/**
 * `set-scopes`: the admin record's scopes become exactly `scopes`. Only a super admin gives
 * or takes `admin:*` or `users` (and only a super admin changes a super admin:
 * beginUserChange); the last enabled super admin keeps it; anyone else gives or takes only
 * scopes it holds, and nobody changes their own (refuseAccessBeyondActor).
 */
export async function setUserScopes(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: { userId: string; scopes: ScopeName[] },
): Promise<UserActionResult> {
  const wanted = EDITABLE_SCOPES.filter((s) => input.scopes.includes(s));
  const actorIsSuper = context.admin.scopes.includes(SUPER_ADMIN_SCOPE);
  return runUserChange(context, input.userId, async (tx, before) => {
    if (!before.roles.includes("admin") || before.scopes === null) {
      throw new UserActionRefusal(refused(400, "users.errors.notAdmin"));
    }
    const hadSuper = before.scopes.includes(SUPER_ADMIN_SCOPE);
    if (hadSuper !== wanted.includes(SUPER_ADMIN_SCOPE) && !actorIsSuper) {
      throw new UserActionRefusal(refused(403, "users.errors.superAdminOnly"));
    }
    const after = { ...before, scopes: [...wanted].sort() };
    await keepOneSuperAdmin(tx, before, after);
    refuseAccessBeyondActor(context.admin, before, after);
    if (after.scopes.join(",") === before.scopes.join(",")) return done("users.notices.unchanged");

    await tx
      .update(adminUsers)
      .set({ scopes: [...wanted], updatedAt: new Date() })
      .where(eq(adminUsers.userId, before.userId));
    await recordAudit({
      db: tx,
      actor: context.admin,
      ipAddress: context.ip,
      entry: {
        action: "user.scopes.update",
        entityType: "user",
        entityId: before.userId,
        before: { scopes: before.scopes },
        after: { scopes: after.scopes },
      },
    });
    return done("users.notices.scopesSaved", { name: before.name });
  });
}
