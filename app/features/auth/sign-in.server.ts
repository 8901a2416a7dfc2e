import { APIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import { accounts, users } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { refundRateLimit } from "~/server/rate-limit.server";
import { checkCode, checkSignInEmail, checkSignInPhone, ZSignInEmail, ZSignInPhone, ZTwoFactor } from "./auth-input";
import { checkLimit, cookieHeaders, failure, fromAuthError, limits, rateLimitedMessage, type AuthOutcome } from "./auth-request.server";
import { clientIp } from "~/server/request-input.server";
import { claimSignInAttempt } from "./sign-in-lock.server";

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
  return attempt({ db, request, language, account: `phone:${phone}` }, async (headers) => {
    // better-auth answers at once for a number with no password; hash anyway so the answer
    // takes as long as a wrong password and doesn't tell who has an account.
    if (!(await hasPasswordForPhone(db, phone))) {
      await (await getAuth().$context).password.hash(password);
      throw APIError.from("UNAUTHORIZED", { code: "INVALID_PHONE_NUMBER_OR_PASSWORD", message: "Invalid phone number or password" });
    }
    return getAuth().api.signInPhoneNumber({ body: { phoneNumber: phone, password, rememberMe: true }, headers, returnHeaders: true });
  });
}

async function hasPasswordForPhone(db: AppDatabase, phone: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(and(eq(users.phoneNumber, phone), isNotNull(accounts.password)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Counts the attempt per IP, and against the account from this IP (sign-in-lock.server.ts),
 * *before* the password is checked, so parallel guesses can't get past the limits; a proven
 * password clears this address's failures and gives the IP its attempt back (a congregation
 * signing in on the church's Wi-Fi after the service shares one address: only failures
 * should add up there). Failures from other addresses never lock this one out.
 * A member with two-factor gets `twoFactorRequired`. An unconfirmed address with the right
 * password gets a fresh confirmation link (at most one a minute), since the first one lasts
 * only 15 minutes.
 */
async function attempt(
  context: { db: AppDatabase; request: Request; language: Language; account: string },
  run: (headers: Headers) => Promise<{ headers: Headers; response: unknown }>,
): Promise<SignInOutcome> {
  const { db, request, language, account } = context;
  const ipKey = `signin:ip:${clientIp(request)}`;
  const perIp = await checkLimit(db, ipKey, limits.failedSignInsPerIp);
  if (perIp) return perIp;
  const claimed = await claimSignInAttempt({
    db,
    request,
    scope: "signin",
    account,
    rules: { perAccountAndIp: limits.failedSignInsPerAccountAndIp, perAccount: limits.failedSignInsPerAccount },
    findUserId: () => findAccountUserId(db, account),
  });
  if (!claimed.ok) return { ok: false, status: 429, error: rateLimitedMessage(claimed.retryAfterSeconds) };
  const proven = () => Promise.all([claimed.proven(), refundRateLimit(db, ipKey)]);
  try {
    const result = await authCallContext.run({ language }, () => run(request.headers));
    await proven();
    const response = result.response as { twoFactorRedirect?: boolean } | null;
    return { ok: true, twoFactorRequired: Boolean(response?.twoFactorRedirect), headers: cookieHeaders(result.headers) };
  } catch (error) {
    const outcome = fromAuthError(error);
    if (outcome.error.key === "errors.emailNotConfirmed") {
      // better-auth checks the password before it says "not confirmed".
      await proven();
      if (account.startsWith("email:")) await resendConfirmation({ db, language, email: account.slice("email:".length) });
    }
    return outcome;
  }
}

/** The user an `email:…` or `phone:…` account names (null: none). */
async function findAccountUserId(db: AppDatabase, account: string): Promise<string | null> {
  const [kind, ...rest] = account.split(":");
  const value = rest.join(":");
  const column = kind === "phone" ? users.phoneNumber : users.email;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(column, value)).limit(1);
  return row?.id ?? null;
}

async function resendConfirmation(options: { db: AppDatabase; language: Language; email: string }): Promise<void> {
  const { db, language, email } = options;
  if (await checkLimit(db, `send:email:${email}`, limits.sendPerRecipient)) return;
  await authCallContext.run({ language }, () => getAuth().api.sendVerificationEmail({ body: { email } }));
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
