import { z } from "zod";
import type { ScopeName } from "~/platform/admin/admin-sections";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { resetUserTwoFactor } from "./reset-user-two-factor.server";
import { setUserDisabled } from "./set-user-disabled.server";
import { setUserRoles, USER_ROLES, type UserRole } from "./set-user-roles.server";
import { EDITABLE_SCOPES, setUserScopes } from "./set-user-scopes.server";
import { signOutUser } from "./sign-out-user.server";
import { refused, type UserActionResult } from "./user-action-result";

export const USER_INTENTS = ["set-roles", "set-scopes", "disable", "enable", "sign-out", "reset-two-factor"] as const;

/** Checkbox fields: `role-<role>` and `scope-<scope>`, each "on" when ticked (a plain form sends one value per name). */
export const roleField = (role: UserRole) => `role-${role}`;
export const scopeField = (scope: ScopeName) => `scope-${scope}`;

const ZUserAction = z.object({
  intent: z.enum(USER_INTENTS),
  userId: z.string().trim().min(1).max(200),
});

const ticked = (input: Record<string, unknown>, name: string) => {
  const value = input[name];
  return value === "on" || value === "true" || value === true || value === "1";
};

/** Reads the posted form (already a flat record) and runs the one operation it names. */
export async function handleUserAction(
  context: Pick<AdminContext, "db" | "admin" | "ip">,
  input: Record<string, unknown>,
): Promise<UserActionResult> {
  const parsed = ZUserAction.safeParse(input);
  if (!parsed.success) return refused(400, "users.errors.invalid");
  const { intent, userId } = parsed.data;
  switch (intent) {
    case "set-roles":
      return setUserRoles(context, { userId, roles: USER_ROLES.filter((role) => ticked(input, roleField(role))) });
    case "set-scopes":
      return setUserScopes(context, { userId, scopes: EDITABLE_SCOPES.filter((scope) => ticked(input, scopeField(scope))) });
    case "disable":
      return setUserDisabled(context, { userId, disabled: true });
    case "enable":
      return setUserDisabled(context, { userId, disabled: false });
    case "sign-out":
      return signOutUser(context, { userId });
    case "reset-two-factor":
      return resetUserTwoFactor(context, { userId });
  }
}
