import { isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { revokeCalendarFeed } from "~/platform/auth/revoke-calendar-feed.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { checkPasswordReset, normalizeEmail, ZPasswordReset } from "./auth-input";
import { checkLimit, failure, fromAuthError, limits, type AuthOutcome } from "./auth-request.server";
import { clientIp } from "~/server/request-input.server";
import { findPasswordReset } from "./find-password-reset.server";
import { liftSignInLock } from "./sign-in-lock.server";
import { isCommonPassword } from "./sign-up.server";

/**
 * The form behind the emailed link: sets the new password with better-auth's resetPassword,
 * which uses the token up and deletes every session of the member in one transaction. Then
 * the member's admin portal sessions end too (ADR 022), the private calendar link changes, the
 * address counts as confirmed (the link proved the mailbox), and the failed sign-ins that led
 * here no longer lock the account.
 * Nobody is signed in: the member signs in with the new password (and second factor).
 */
export async function resetMemberPassword(options: {
  db: AppDatabase;
  request: Request;
  input: Record<string, unknown>;
}): Promise<AuthOutcome> {
  const { db, request } = options;
  const parsed = ZPasswordReset.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkPasswordReset(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  const { token, password } = checked.value;
  if (isCommonPassword(password)) return failure("errors.passwordTooCommon", 400, "password");
  const limited = await checkLimit(db, `verify:ip:${clientIp(request)}`, limits.verifyPerIp);
  if (limited) return limited;
  // A dead link is refused before the new password is hashed.
  const reset = await findPasswordReset({ db, token });
  if (!reset) return failure("errors.resetLinkInvalid");
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    // Used up by a request that raced this one, or its account is gone.
    if (isAPIError(error) && ["INVALID_TOKEN", "USER_NOT_FOUND"].includes(String((error.body as { code?: string } | undefined)?.code))) {
      return failure("errors.resetLinkInvalid");
    }
    return fromAuthError(error);
  }
  await Promise.all([revokeAdminSessions({ db, userId: reset.userId }), revokeCalendarFeed({ db, userId: reset.userId })]);
  await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, reset.userId), eq(users.emailVerified, false)));
  // The site's and the portal's counters (an administrator signs in to both with this password).
  await Promise.all([
    liftSignInLock({ db, scope: "signin", account: `email:${reset.email}` }),
    liftSignInLock({ db, scope: "admin-signin", account: normalizeEmail(reset.email) }),
  ]);
  return { ok: true };
}
