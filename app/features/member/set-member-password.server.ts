import { z } from "zod";
import { checkPassword } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { isCommonPassword } from "~/features/auth/sign-up.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { formText } from "./settings-input";

export const ZSetPassword = z.object({ newPassword: formText, confirmPassword: formText });

export interface SetMemberPasswordOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/**
 * Gives a member who signed up by magic link or text message a password, so they can also
 * sign in with it. A member who already has one must use change-password instead.
 */
export async function setMemberPassword(options: SetMemberPasswordOptions): Promise<AuthOutcome> {
  const { db, request, userId } = options;
  const parsed = ZSetPassword.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const { newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) return failure("errors.passwordsDoNotMatch", 400, "confirmPassword");
  const problem = checkPassword(newPassword);
  if (problem) return { ...failure(problem.key, 400, "newPassword"), error: problem };
  if (isCommonPassword(newPassword)) return failure("errors.passwordTooCommon", 400, "newPassword");
  if (await hasPassword({ db, userId })) return failure("errors.invalidRequest");
  try {
    const result = await getAuth().api.setPassword({
      body: { newPassword },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
