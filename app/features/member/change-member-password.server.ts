import { z } from "zod";
import { readAdminToken, revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { checkPassword, PASSWORD_MAX } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { isCommonPassword } from "~/features/auth/sign-up.server";
import { revokeCalendarFeed } from "~/platform/auth/revoke-calendar-feed.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { withAttemptLimit } from "./password-attempts.server";
import { formText } from "./settings-input";

export const ZChangePassword = z.object({
  currentPassword: formText,
  newPassword: formText,
  confirmPassword: formText,
});

export interface ChangeMemberPasswordOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/**
 * Replaces the member's password after checking the current one. Every other session is
 * ended (admin portal sessions on other devices too); this device gets a new session cookie
 * (forwarded in `headers`). The private calendar link changes too: whoever had the old
 * password may have copied it.
 */
export async function changeMemberPassword(options: ChangeMemberPasswordOptions): Promise<AuthOutcome> {
  const { db, request, userId } = options;
  const parsed = ZChangePassword.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (!currentPassword) return failure("errors.currentPasswordRequired", 400, "currentPassword");
  if (newPassword !== confirmPassword) return failure("errors.passwordsDoNotMatch", 400, "confirmPassword");
  const problem = checkPassword(newPassword);
  if (problem) return { ...failure(problem.key, 400, "newPassword"), error: problem };
  if (isCommonPassword(newPassword)) return failure("errors.passwordTooCommon", 400, "newPassword");
  if (!(await hasPassword({ db, userId }))) return failure("errors.invalidRequest");
  if (currentPassword.length > PASSWORD_MAX) return failure("errors.wrongPassword", 400, "currentPassword");

  return withAttemptLimit({ db, userId, kind: "password" }, async () => {
    try {
      const result = await getAuth().api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      // The portal's sessions on other devices end with their member sessions.
      await Promise.all([
        revokeAdminSessions({ db, userId, exceptToken: readAdminToken(request.headers.get("cookie")) }),
        revokeCalendarFeed({ db, userId }),
      ]);
      return { ok: true, headers: cookieHeaders(result.headers) };
    } catch (error) {
      const outcome = fromAuthError(error);
      return outcome.error.key === "errors.wrongPassword" ? { ...outcome, field: "currentPassword" } : outcome;
    }
  });
}
