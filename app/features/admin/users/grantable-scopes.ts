import { ADMIN_SCOPES, MODERATOR_SCOPES, SUPER_ADMIN_SCOPE, type ScopeName } from "~/platform/admin/admin-sections";

/**
 * Scopes only a super admin gives or takes away: `admin:*` itself, and `users`, which lets its
 * holder change other accounts (a `users` administrator handing out `users` could make
 * another account to act through).
 */
export const SUPER_ADMIN_ONLY_SCOPES: readonly ScopeName[] = [SUPER_ADMIN_SCOPE, "users"];

/**
 * Issue 32: the scopes an administrator may give to, or take from, another account. A super
 * admin: every one. Anyone else: only scopes it holds itself, and never `users` or `admin:*`.
 * (Nobody changes their own: user-guards.server.ts.) The users page greys out the rest.
 */
export function grantableScopes(actorScopes: readonly string[]): ScopeName[] {
  if (actorScopes.includes(SUPER_ADMIN_SCOPE)) return [SUPER_ADMIN_SCOPE, ...ADMIN_SCOPES];
  return ADMIN_SCOPES.filter((scope) => !SUPER_ADMIN_ONLY_SCOPES.includes(scope) && actorScopes.includes(scope));
}

/** The parts of an account that decide what it can open in the portal. */
export interface AccessState {
  roles: readonly string[];
  /** The admin record's scopes; null without one. */
  scopes: readonly string[] | null;
}

/**
 * The scopes a change gives or takes away: those added to or removed from the admin record
 * (taking the administrator role away removes them all), and the moderator role's scopes when
 * that role comes or goes. Sorted, without repeats.
 */
export function changedScopes(before: AccessState, after: AccessState): string[] {
  const record = (state: AccessState) => new Set(state.roles.includes("admin") ? (state.scopes ?? []) : []);
  const was = record(before);
  const will = record(after);
  const changed = new Set<string>();
  for (const scope of was) if (!will.has(scope)) changed.add(scope);
  for (const scope of will) if (!was.has(scope)) changed.add(scope);
  if (before.roles.includes("moderator") !== after.roles.includes("moderator")) {
    for (const scope of MODERATOR_SCOPES) changed.add(scope);
  }
  return [...changed].sort();
}
