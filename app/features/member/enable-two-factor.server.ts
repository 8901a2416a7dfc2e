import { z } from "zod";
import { PASSWORD_MAX } from "~/features/auth/auth-input";
import { failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { withAttemptLimit } from "./password-attempts.server";
import { formText } from "./settings-input";
import { renderTwoFactorEnrolment, type TwoFactorEnrolment } from "./two-factor-enrolment.server";

export const ZEnableTwoFactor = z.object({ password: formText });

export interface EnableTwoFactorOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  twoFactorEnabled: boolean;
  input: Record<string, unknown>;
}

/**
 * Step 1 of turning on two-factor: a new authenticator secret and backup codes. Nothing
 * changes at sign-in until the member confirms a code from the app (confirm-two-factor).
 * Members with a password must enter it; members without one (magic link, text message)
 * are trusted on their session, as better-auth's `allowPasswordless` allows.
 */
export async function enableTwoFactor(options: EnableTwoFactorOptions): Promise<AuthOutcome<{ enrolment: TwoFactorEnrolment }>> {
  const { db, request, userId } = options;
  const parsed = ZEnableTwoFactor.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  if (options.twoFactorEnabled) return failure("errors.invalidRequest");
  const needsPassword = await hasPassword({ db, userId });
  const password = needsPassword ? parsed.data.password : undefined;
  if (needsPassword && !password) return failure("errors.passwordRequired", 400, "password");
  if (password && password.length > PASSWORD_MAX) return failure("errors.wrongPassword", 400, "password");

  const run = async (): Promise<AuthOutcome<{ enrolment: TwoFactorEnrolment }>> => {
    try {
      const result = await getAuth().api.enableTwoFactor({ body: { password }, headers: request.headers });
      const { totpURI, backupCodes } = result as { totpURI?: string; backupCodes?: string[] };
      const enrolment = totpURI ? await renderTwoFactorEnrolment(totpURI, backupCodes ?? []) : null;
      if (!enrolment) throw new Error("better-auth returned no usable TOTP URI");
      return { ok: true, enrolment };
    } catch (error) {
      const outcome = fromAuthError(error);
      return outcome.error.key === "errors.wrongPassword" ? { ...outcome, field: "password" } : outcome;
    }
  };
  return needsPassword ? withAttemptLimit({ db, userId, kind: "password" }, run) : run();
}
