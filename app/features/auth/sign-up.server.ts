import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { checkCode, checkSignUp, checkSignUpPhone, ZSignUp, ZSignUpPhone } from "./auth-input";
import { checkLimit, cookieHeaders, failure, fromAuthError, limits, type AuthOutcome } from "./auth-request.server";
import { clientIp } from "~/server/request-input.server";
import { commonPasswords } from "./common-passwords.server";
import { isUsernameTaken } from "~/platform/auth/create-member-profile.server";
import { sendSmsCode } from "./sms-code.server";

interface SignUpOptions {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Sign-up by email: the account waits for the confirmation link (sent in the visitor's
 * language). An address that already has an account gets the same answer, so the form
 * can't be used to find out who is a member.
 */
export async function signUpWithEmail({ db, request, language, input }: SignUpOptions): Promise<AuthOutcome> {
  const parsed = ZSignUp.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkSignUp(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  const value = checked.value;
  if (isCommonPassword(value.password)) return failure("errors.passwordTooCommon", 400, "password");
  const limited = await checkLimit(db, `signup:ip:${clientIp(request)}`, limits.signUpPerIp);
  if (limited) return limited;
  if (value.usernameChosen && (await isUsernameTaken(db, value.username))) {
    return failure("errors.usernameTaken", 400, "username");
  }
  const signup = {
    fullName: value.fullName,
    username: value.usernameChosen ? value.username : undefined,
    displayName: value.fullName,
    phone: value.phone,
  };
  try {
    await authCallContext.run({ language, signup: { ...signup, username: signup.username ?? "" } }, () =>
      getAuth().api.signUpEmail({
        body: { name: value.fullName, email: value.email, password: value.password },
        headers: request.headers,
      }),
    );
    return { ok: true };
  } catch (error) {
    return fromAuthError(error);
  }
}

/** Sign-up by phone, step 1: check the form, then text a code to the number. */
export async function startPhoneSignUp(options: SignUpOptions): Promise<AuthOutcome> {
  const parsed = ZSignUpPhone.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkSignUpPhone(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  if (isCommonPassword(checked.value.password)) return failure("errors.passwordTooCommon", 400, "password");
  const limited = await checkLimit(options.db, `signup:ip:${clientIp(options.request)}`, limits.signUpPerIp);
  if (limited) return limited;
  if (checked.value.usernameChosen && (await isUsernameTaken(options.db, checked.value.username))) {
    return failure("errors.usernameTaken", 400, "username");
  }
  return sendSmsCode({ ...options, input: { phone: checked.value.phone } });
}

/**
 * Sign-up by phone, step 2: the code proves the number. A new number becomes an account with
 * the name and password from the form; a number that already has an account is simply
 * signed in (its password is never replaced this way). If the new account can't be
 * completed, it is removed again, so a retry starts clean instead of finding a half-made
 * account with no password.
 */
export async function completePhoneSignUp({
  db,
  request,
  language,
  input,
}: SignUpOptions): Promise<AuthOutcome<{ created?: boolean; twoFactorRequired?: boolean }>> {
  const parsed = ZSignUpPhone.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkSignUpPhone(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  // Step 1 checked the password too, but this post carries it again and is what gets stored.
  if (isCommonPassword(checked.value.password)) return failure("errors.passwordTooCommon", 400, "password");
  const code = checkCode(parsed.data.code);
  if (!code.ok) return { ...code, status: 400 };
  const limited = await checkLimit(db, `verify:ip:${clientIp(request)}`, limits.verifyPerIp);
  if (limited) return limited;
  const value = checked.value;
  const api = getAuth().api;
  const signup = {
    fullName: value.fullName,
    username: value.usernameChosen ? value.username : "",
    displayName: value.fullName,
    phone: value.phone,
  };
  const existed = (await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, value.phone)).limit(1)).length > 0;
  let result: { headers: Headers; response: unknown };
  try {
    result = await authCallContext.run({ language, signup }, () =>
      api.verifyPhoneNumber({ body: { phoneNumber: value.phone, code: code.value.code }, headers: request.headers, returnHeaders: true }),
    );
  } catch (error) {
    return fromAuthError(error);
  }
  const headers = cookieHeaders(result.headers);
  const response = result.response as { user?: { id: string }; twoFactorRedirect?: boolean } | null;
  // An existing account with two-factor: the code is asked next (auth.server.ts), no session yet.
  if (response?.twoFactorRedirect) return { ok: true, created: false, twoFactorRequired: true, headers };
  const userId = response?.user?.id;
  if (existed || !userId) return { ok: true, created: false, headers };
  try {
    const session = sessionHeaders(headers);
    await api.setPassword({ body: { newPassword: value.password }, headers: session });
    await api.updateUser({ body: { name: value.fullName }, headers: session });
    return { ok: true, created: true, headers };
  } catch (error) {
    logger.error({ err: error, userId }, "phone sign-up could not be completed; removing the new account");
    await db.delete(users).where(eq(users.id, userId));
    return failure("errors.generic", 400);
  }
}

/** A request carrying just the session cookie better-auth has just set. */
function sessionHeaders(setCookies: Headers): Headers {
  const cookie = setCookies
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
