import { z } from "zod";
import { PASSWORD_MAX } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { withAttemptLimit } from "./password-attempts.server";
import { formText } from "./settings-input";

export const ZDisableTwoFactor = z.object({ password: formText });

export interface DisableTwoFactorOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/**
 * Turns two-factor off (password required when the member has one). better-auth replaces
 * this device's session and forgets any trusted device.
 */
export async function disableTwoFactor(options: DisableTwoFactorOptions): Promise<AuthOutcome> {
  const { db, request, userId } = options;
  const parsed = ZDisableTwoFactor.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const needsPassword = await hasPassword({ db, userId });
  const password = needsPassword ? parsed.data.password : undefined;
  if (needsPassword && !password) return failure("errors.passwordRequired", 400, "password");
  if (password && password.length > PASSWORD_MAX) return failure("errors.wrongPassword", 400, "password");

  const run = async (): Promise<AuthOutcome> => {
    try {
      const result = await getAuth().api.disableTwoFactor({
        body: { password },
        headers: request.headers,
        returnHeaders: true,
      });
      return { ok: true, headers: cookieHeaders(result.headers) };
    } catch (error) {
      const outcome = fromAuthError(error);
      return outcome.error.key === "errors.wrongPassword" ? { ...outcome, field: "password" } : outcome;
    }
  };
  return needsPassword ? withAttemptLimit({ db, userId, kind: "password" }, run) : run();
}
