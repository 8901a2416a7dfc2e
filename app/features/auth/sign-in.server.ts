import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { peekRateLimit, consumeRateLimit, resetRateLimit } from "~/server/rate-limit.server";
import { checkCode, checkSignInEmail, checkSignInPhone, ZSignInEmail, ZSignInPhone, ZTwoFactor } from "./auth-input";
import {
  checkLimit,
  clientIp,
  cookieHeaders,
  failure,
  fromAuthError,
  limits,
  rateLimitedMessage,
  type AuthOutcome,
} from "./auth-request.server";

interface SignInOptions {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}

export type SignInOutcome = AuthOutcome<{ twoFactorRequired?: boolean }>;

/** Email + password (spec: 'Email and password are required'). */
export async function signInWithEmail({ db, request, language, input }: SignInOptions): Promise<SignInOutcome> {
  const parsed = ZSignInEmail.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkSignInEmail(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  const { email, password } = checked.value;
  return attempt({ db, request, language, account: `email:${email}` }, (headers) =>
    getAuth().api.signInEmail({ body: { email, password, rememberMe: true }, headers, returnHeaders: true }),
  );
}

/** Phone + password (spec: 'Phone and password are required'). */
export async function signInWithPhone({ db, request, language, input }: SignInOptions): Promise<SignInOutcome> {
  const parsed = ZSignInPhone.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkSignInPhone(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  const { phone, password } = checked.value;
  return attempt({ db, request, language, account: `phone:${phone}` }, (headers) =>
    getAuth().api.signInPhoneNumber({ body: { phoneNumber: phone, password, rememberMe: true }, headers, returnHeaders: true }),
  );
}

/**
 * Counts the attempt per IP, refuses an account with 5 recent failures, and clears the
 * account's failure count on success. A member with two-factor gets `twoFactorRequired`.
 */
async function attempt(
  context: { db: AppDatabase; request: Request; language: Language; account: string },
  run: (headers: Headers) => Promise<{ headers: Headers; response: unknown }>,
): Promise<SignInOutcome> {
  const { db, request, language, account } = context;
  const perIp = await checkLimit(db, `signin:ip:${clientIp(request)}`, limits.signInPerIp);
  if (perIp) return perIp;
  const failuresKey = `signin:fail:${account}`;
  const locked = await peekRateLimit(db, failuresKey, limits.failedSignInsPerAccount);
  if (!locked.allowed) return { ok: false, status: 429, error: rateLimitedMessage(locked.retryAfterSeconds) };
  try {
    const result = await authCallContext.run({ language }, () => run(request.headers));
    await resetRateLimit(db, failuresKey);
    const response = result.response as { twoFactorRedirect?: boolean } | null;
    return { ok: true, twoFactorRequired: Boolean(response?.twoFactorRedirect), headers: cookieHeaders(result.headers) };
  } catch (error) {
    const outcome = fromAuthError(error);
    if (outcome.error.key === "errors.invalidCredentials" || outcome.error.key === "errors.invalidPhoneCredentials") {
      await consumeRateLimit(db, failuresKey, limits.failedSignInsPerAccount);
    }
    return outcome;
  }
}

/** The second step for a member with two-factor: a TOTP code or a backup code. */
export async function verifyTwoFactorSignIn({ db, request, input }: SignInOptions): Promise<SignInOutcome> {
  const parsed = ZTwoFactor.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkCode(parsed.data.code);
  if (!checked.ok) return { ...checked, status: 400 };
  const limited = await checkLimit(db, `verify:ip:${clientIp(request)}`, limits.verifyPerIp);
  if (limited) return limited;
  const { code } = checked.value;
  const api = getAuth().api;
  try {
    const result = /^\d{6}$/.test(code)
      ? await api.verifyTOTP({ body: { code, trustDevice: false }, headers: request.headers, returnHeaders: true })
      : await api.verifyBackupCode({ body: { code, trustDevice: false }, headers: request.headers, returnHeaders: true });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
