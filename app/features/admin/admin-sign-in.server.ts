import { eq } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { sessions, users } from "~/db/schema";
import { normalizeEmail, PASSWORD_MAX, ZMagicLink, ZSignInEmail, ZTwoFactor } from "~/features/auth/auth-input";
import { checkLimit, cookieHeaders, limits } from "~/features/auth/auth-request.server";
import { clientIp } from "~/server/request-input.server";
import { findMagicLink } from "~/features/auth/find-magic-link.server";
import { claimSignInAttempt } from "~/features/auth/sign-in-lock.server";
import { getCurrentMember, type MemberSession } from "~/platform/auth/get-current-member.server";
import { confirmTwoFactor } from "~/features/member/confirm-two-factor.server";
import { enableTwoFactor } from "~/features/member/enable-two-factor.server";
import { renderTwoFactorEnrolment, type TwoFactorEnrolment } from "~/features/member/two-factor-enrolment.server";
import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { inBackground } from "~/server/background.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit, refundRateLimit, resetRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { adminSessionCookie, createAdminSession, findAdminIdentity } from "~/platform/admin/admin-session.server";
import type { AdminMessage, AdminMessageKey } from "../../platform/admin/admin-translation";
import { logAdminAuthAttempt } from "../../platform/admin/log-admin-auth-attempt.server";

/** Admin sign-in limits: stricter than the member ones. */
export const adminLimits = {
  /** Failed code attempts against one administrator: then locked for the window. */
  failuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed passwords for one administrator from one client address: then that address waits. */
  passwordFailuresPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Failed passwords for one administrator from all addresses: the ceiling on spread-out
   * guessing (ten addresses at their limit). Over it, addresses the administrator signed in
   * from before still get in (sign-in-lock.server.ts).
   */
  passwordFailuresPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  /** Attempts (of any outcome) from one IP address. */
  attemptsPerIp: { limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type AdminLoginStep = "credentials" | "code" | "enrol-start" | "enrol" | "backup-codes";

export type AdminLoginOutcome =
  | {
      ok: true;
      /** The next step to show, or `done` with where to go. */
      step: AdminLoginStep | "done";
      enrolment?: TwoFactorEnrolment;
      backupCodes?: string[];
      notice?: AdminMessage;
      headers: Headers;
    }
  | {
      ok: false;
      status: 400 | 401 | 403 | 429 | 503;
      /** One of the spec's admin messages ('Authentication failed', …) and the detail. */
      title: AdminMessageKey;
      error: AdminMessage;
      field?: string;
      step: AdminLoginStep;
      enrolment?: TwoFactorEnrolment | null;
      headers: Headers;
    };

interface StepOptions {
  db: AppDatabase;
  request: Request;
  language: Language;
  https: boolean;
  input: Record<string, unknown>;
}

function refusal(
  step: AdminLoginStep,
  status: 400 | 401 | 403 | 429 | 503,
  title: AdminMessageKey,
  error: AdminMessage,
  extra: { field?: string; headers?: Headers; enrolment?: TwoFactorEnrolment | null } = {},
): AdminLoginOutcome {
  return { ok: false, step, status, title, error, field: extra.field, enrolment: extra.enrolment, headers: extra.headers ?? new Headers() };
}

async function limited(db: AppDatabase, key: string, rule: RateLimitRule, message: "locked" | "rateLimited"): Promise<AdminMessage | null> {
  const refused = await checkLimit(db, key, rule);
  if (!refused) return null;
  const seconds = Number(refused.error.values?.seconds ?? 0) || Number(refused.error.values?.minutes ?? 1) * 60;
  return { key: `login.errors.${message}`, values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } };
}

const ipKey = (request: Request) => `admin-signin:ip:${clientIp(request)}`;

/**
 * Step 1 (spec: admin-login-fixed): email and password of an administrator. An administrator
 * with two-factor goes on to the code (`code`); one without it sets it up now (`enrol`),
 * since the portal is never opened on a password alone. A wrong password, an unknown address
 * and a member who isn't an administrator all get the same answer.
 */
export async function adminPasswordSignIn({ db, request, language, input }: StepOptions): Promise<AdminLoginOutcome> {
  const parsed = ZSignInEmail.safeParse(input);
  const email = parsed.success ? normalizeEmail(parsed.data.email) : "";
  const password = parsed.success ? parsed.data.password : "";
  if (!email || !password) {
    return refusal(
      "credentials",
      400,
      "login.errors.authenticationFailed",
      { key: "login.errors.required" },
      { field: email ? "password" : "email" },
    );
  }
  const log = (success: boolean, failureReason?: string, userId?: string) =>
    logAdminAuthAttempt({ db, request, email, userId, success, method: "password", failureReason });

  const ipLimited = await limited(db, ipKey(request), adminLimits.attemptsPerIp, "rateLimited");
  if (ipLimited) {
    await log(false, "rate limited (ip)");
    return refusal("credentials", 429, "login.errors.authenticationFailed", ipLimited);
  }
  // Per administrator *and* address: a stranger's wrong passwords don't lock the administrator out.
  const claimed = await claimSignInAttempt({
    db,
    request,
    scope: "admin-signin",
    account: email,
    rules: { perAccountAndIp: adminLimits.passwordFailuresPerAccountAndIp, perAccount: adminLimits.passwordFailuresPerAccount },
    findUserId: async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id ?? null,
  });
  if (!claimed.ok) {
    await log(false, "account locked");
    return refusal("credentials", 429, "login.errors.authenticationFailed", {
      key: "login.errors.locked",
      values: { minutes: Math.max(1, Math.ceil(claimed.retryAfterSeconds / 60)) },
    });
  }
  const invalid = () => refusal("credentials", 401, "login.errors.authenticationFailed", { key: "login.errors.invalidCredentials" });

  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const admin = user ? await findAdminIdentity({ db, userId: user.id }) : null;
  if (!admin || password.length > PASSWORD_MAX) {
    // As long as a real check, so the answer doesn't tell administrators from others.
    await (await getAuth().$context).password.hash(password.slice(0, PASSWORD_MAX));
    await log(false, user ? "not an administrator" : "unknown email", user?.id);
    return invalid();
  }

  let result: { headers: Headers; response: unknown };
  try {
    result = await authCallContext.run({ language }, () =>
      getAuth().api.signInEmail({ body: { email, password, rememberMe: false }, headers: request.headers, returnHeaders: true }),
    );
  } catch (error) {
    const code = isAPIError(error) ? String((error.body as { code?: string } | undefined)?.code ?? "") : "";
    if (!isAPIError(error)) logger.error({ err: error }, "admin sign-in failed");
    await log(false, code ? code.toLowerCase() : "error", admin.userId);
    if (code === "EMAIL_NOT_VERIFIED") {
      return refusal("credentials", 403, "login.errors.authenticationFailed", { key: "login.errors.emailNotConfirmed" });
    }
    if (code === "ACCOUNT_DISABLED")
      return refusal("credentials", 403, "login.errors.authenticationFailed", { key: "login.errors.accountDisabled" });
    if (code === "INVALID_EMAIL_OR_PASSWORD") return invalid();
    return refusal("credentials", 503, "login.errors.loginFailed", { key: "login.errors.tryLater" });
  }
  await Promise.all([claimed.proven(), refundRateLimit(db, ipKey(request))]);
  const headers = cookieHeaders(result.headers);
  if ((result.response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
    return { ok: true, step: "code", headers };
  }
  // No second factor yet: set it up with the password just proven, on the new member session.
  const enrolled = await startEnrolment({ db, request: withCookies(request, headers), userId: admin.userId, password });
  if (!enrolled.ok) return refusal("credentials", 503, "login.errors.loginFailed", { key: "login.errors.tryLater" }, { headers });
  return { ok: true, step: "enrol", enrolment: enrolled.enrolment, headers };
}

/**
 * Step 1 without a password: a member session from the admin magic link (or any sign-in
 * without a second factor) that now sets up two-factor. An account with a password must
 * enter it.
 */
export async function adminStartEnrolment({ db, request, input }: StepOptions): Promise<AdminLoginOutcome> {
  const member = await adminMember(db, request);
  if (!member) return refusal("credentials", 400, "login.errors.authenticationFailed", { key: "login.errors.expired" });
  if (member.session.member.twoFactorEnabled) return { ok: true, step: "code", headers: new Headers() };
  const enrolled = await enableTwoFactor({ db, request, userId: member.session.member.id, twoFactorEnabled: false, input });
  if (!enrolled.ok) {
    const key: AdminMessageKey =
      enrolled.error.key === "errors.passwordRequired"
        ? "login.errors.passwordRequired"
        : enrolled.error.key === "errors.wrongPassword"
          ? "login.errors.invalidCredentials"
          : enrolled.status === 429
            ? "login.errors.rateLimited"
            : "login.errors.tryLater";
    return refusal(
      "enrol-start",
      enrolled.status,
      "login.errors.authenticationFailed",
      { key, values: { minutes: 15 } },
      { field: "password" },
    );
  }
  return { ok: true, step: "enrol", enrolment: enrolled.enrolment, headers: new Headers() };
}

/**
 * Step 2 (spec: admin-verify-2fa): a TOTP or backup code. After a password it completes
 * better-auth's pending two-factor sign-in; on a member session without a second factor
 * (the magic link) it proves the factor on that session. Either way the member session is
 * then marked as two-factor and the admin session is created.
 */
export async function adminVerifyCode({ db, request, https, input }: StepOptions): Promise<AdminLoginOutcome> {
  const parsed = ZTwoFactor.safeParse(input);
  const code = parsed.success ? parsed.data.code.replace(/\s/g, "") : "";
  if (!code) return refusal("code", 400, "login.errors.twoFactorFailed", { key: "login.errors.codeRequired" }, { field: "code" });
  if (code.length > 32) return refusal("code", 400, "login.errors.twoFactorFailed", { key: "login.errors.invalidCode" }, { field: "code" });
  const ipLimited = await limited(db, ipKey(request), adminLimits.attemptsPerIp, "rateLimited");
  if (ipLimited) return refusal("code", 429, "login.errors.twoFactorFailed", ipLimited);
  const api = getAuth().api;
  const isTotp = /^\d{6}$/.test(code);
  const member = await adminMember(db, request);

  if (member) {
    // A member session without a second factor: prove it on that session.
    const { admin, session } = member;
    const key = `admin-2fa:fail:${admin.userId}`;
    const locked = await limited(db, key, adminLimits.failuresPerAccount, "locked");
    if (locked) {
      await logAdminAuthAttempt({
        db,
        request,
        email: admin.email ?? admin.userId,
        userId: admin.userId,
        success: false,
        method: "two-factor",
        failureReason: "account locked",
      });
      return refusal("code", 429, "login.errors.twoFactorFailed", locked);
    }
    try {
      if (isTotp) await api.verifyTOTP({ body: { code }, headers: request.headers });
      else await api.verifyBackupCode({ body: { code, disableSession: true }, headers: request.headers });
    } catch (error) {
      return codeRefused(db, request, error, admin.email ?? admin.userId, admin.userId);
    }
    await resetRateLimit(db, key);
    await db.update(sessions).set({ twoFactorVerified: true, twoFactorVerifiedAt: new Date() }).where(eq(sessions.id, session.sessionId));
    return finish({ db, request, https, userId: admin.userId, email: admin.email, headers: new Headers() });
  }

  if (!hasCookie(request, "two_factor")) {
    return refusal("credentials", 400, "login.errors.twoFactorFailed", { key: "login.errors.expired" });
  }
  // After the password: better-auth's pending sign-in (its own lockout counts the failures).
  let result: { headers: Headers; response: unknown };
  try {
    result = isTotp
      ? await api.verifyTOTP({ body: { code, trustDevice: false }, headers: request.headers, returnHeaders: true })
      : await api.verifyBackupCode({ body: { code, trustDevice: false }, headers: request.headers, returnHeaders: true });
  } catch (error) {
    return codeRefused(db, request, error, "(pending two-factor)", null);
  }
  const user = (result.response as { user?: { id: string; email: string } } | null)?.user;
  const headers = cookieHeaders(result.headers);
  if (!user) return refusal("credentials", 503, "login.errors.loginFailed", { key: "login.errors.tryLater" });
  return finish({ db, request, https, userId: user.id, email: user.email, headers });
}

/** Step 2 for a new authenticator: the first code turns two-factor on (and opens the portal). */
export async function adminConfirmEnrolment({ db, request, https, input }: StepOptions): Promise<AdminLoginOutcome> {
  const member = await adminMember(db, request);
  if (!member) return refusal("credentials", 400, "login.errors.twoFactorFailed", { key: "login.errors.expired" });
  const { admin } = member;
  const confirmed = await confirmTwoFactor({ db, request, userId: admin.userId, input });
  if (!confirmed.ok) {
    await logAdminAuthAttempt({
      db,
      request,
      email: admin.email ?? admin.userId,
      userId: admin.userId,
      success: false,
      method: "enrolment",
      failureReason: "invalid code",
    });
    const key: AdminMessageKey =
      confirmed.status === 429
        ? "login.errors.rateLimited"
        : confirmed.error.key === "errors.codeRequired"
          ? "login.errors.codeRequired"
          : "login.errors.invalidCode";
    return refusal(
      "enrol",
      confirmed.status === 429 ? 429 : 400,
      "login.errors.twoFactorFailed",
      { key, values: { minutes: 15 } },
      {
        field: "code",
        enrolment: confirmed.enrolment ?? null,
      },
    );
  }
  const headers = confirmed.headers ?? new Headers();
  const done = await finish({ db, request, https, userId: admin.userId, email: admin.email, headers });
  if (!done.ok) return done;
  // The backup codes were shown with the QR code's form; show them once more, to keep.
  const codes = String(input.backupCodes ?? "")
    .split(/\s+/)
    .filter((c) => /^[A-Za-z0-9-]{4,32}$/.test(c))
    .slice(0, 20);
  return { ...done, step: "backup-codes", backupCodes: codes };
}

/**
 * Spec: admin-magic-link. The same answer whether or not the address is an administrator's;
 * the link (to /admin/auth/callback) signs in to the site, and the portal still asks for
 * the code. The answer doesn't wait for anything that depends on the address: making and
 * queueing a link took ~15 ms more than "not an administrator" (tests/integration/
 * auth-hardening.test.ts measured it), enough to tell administrators' addresses from others.
 */
export async function adminSendMagicLink({ db, request, language, input }: StepOptions): Promise<AdminLoginOutcome> {
  const parsed = ZMagicLink.safeParse(input);
  const email = parsed.success ? normalizeEmail(parsed.data.email) : "";
  if (!email || email.length > 320) {
    return refusal("credentials", 400, "login.errors.magicLinkFailed", { key: "login.errors.emailRequired" }, { field: "magicEmail" });
  }
  const perIp = await limited(db, `admin-magic:ip:${clientIp(request)}`, limits.sendsPerIp, "rateLimited");
  if (perIp) {
    await logAdminAuthAttempt({ db, request, email, success: false, method: "magic-link-request", failureReason: "rate limited (ip)" });
    return refusal("credentials", 429, "login.errors.magicLinkFailed", perIp);
  }
  inBackground(
    sendAdminMagicLink({ db, request, language, email }).catch((error: unknown) => {
      logger.error({ err: error }, "could not send an admin magic link");
    }),
  );
  return { ok: true, step: "credentials", notice: { key: "login.magicLinkSent" }, headers: new Headers() };
}

/** After the answer: a link for an administrator's address (one a minute), nothing for others; each request logged. */
async function sendAdminMagicLink(options: { db: AppDatabase; request: Request; language: Language; email: string }): Promise<void> {
  const { db, request, language, email } = options;
  const log = (success: boolean, failureReason?: string, userId?: string) =>
    logAdminAuthAttempt({ db, request, email, userId, success, method: "magic-link-request", failureReason });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const admin = user ? await findAdminIdentity({ db, userId: user.id }) : null;
  if (!admin) {
    await log(false, user ? "not an administrator" : "unknown email", user?.id);
    return;
  }
  const perRecipient = await consumeRateLimit(db, `send:email:${email}`, limits.sendPerRecipient);
  if (!perRecipient.allowed) {
    await log(false, "rate limited (recipient)", admin.userId);
    return;
  }
  try {
    await authCallContext.run({ language, admin: true }, () =>
      getAuth().api.signInMagicLink({ body: { email, callbackURL: "/admin" }, headers: request.headers }),
    );
  } catch (error) {
    await log(false, "send failed", admin.userId);
    throw error;
  }
  await log(true, undefined, admin.userId);
}

/**
 * Spec: admin_magic_link_login. /admin/auth/callback?token=…: the link signs in to the site.
 * An administrator with two-factor gets no session from the link alone, only the pending
 * sign-in that the login page's code completes (auth.server.ts, issue 32 item 8a).
 */
export async function completeAdminMagicLink(options: {
  db: AppDatabase;
  request: Request;
  token: string | null;
}): Promise<{ ok: true; headers: Headers } | { ok: false; error: AdminMessage; headers: Headers }> {
  const { db, request, token } = options;
  if (!token || !/^[A-Za-z0-9._-]{1,2048}$/.test(token))
    return { ok: false, error: { key: "login.errors.linkInvalid" }, headers: new Headers() };
  // Whose link it is, read before it is used up: a pending two-factor answer names nobody.
  const link = await findMagicLink({ token });
  try {
    const result = await getAuth().api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
    const response = result.response as { user?: { id: string; email: string }; twoFactorRedirect?: boolean } | null;
    const pending =
      response?.twoFactorRedirect && link
        ? (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, link.email)).limit(1))[0]
        : undefined;
    const user = response?.user ?? pending;
    const headers = cookieHeaders(result.headers);
    if (!user || headers.getSetCookie().length === 0) return { ok: false, error: { key: "login.errors.linkInvalid" }, headers };
    const admin = await findAdminIdentity({ db, userId: user.id });
    await logAdminAuthAttempt({
      db,
      request,
      email: user.email,
      userId: user.id,
      success: Boolean(admin),
      method: "magic-link",
      failureReason: admin ? undefined : "not an administrator",
    });
    if (!admin) return { ok: false, error: { key: "login.errors.notAdmin" }, headers };
    return { ok: true, headers };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    await logAdminAuthAttempt({
      db,
      request,
      email: "(magic link)",
      success: false,
      method: "magic-link",
      failureReason: "invalid or expired link",
    });
    return { ok: false, error: { key: "login.errors.linkInvalid" }, headers: new Headers() };
  }
}

/** A signed-in member who is an administrator, and whose session lacks the second factor. */
export async function adminMember(
  db: AppDatabase,
  request: Request,
): Promise<{ session: MemberSession; admin: NonNullable<Awaited<ReturnType<typeof findAdminIdentity>>> } | null> {
  const session = await getCurrentMember({ db, request });
  if (!session) return null;
  const admin = await findAdminIdentity({ db, userId: session.member.id });
  return admin ? { session, admin } : null;
}

async function startEnrolment(options: { db: AppDatabase; request: Request; userId: string; password: string }) {
  try {
    const result = await getAuth().api.enableTwoFactor({ body: { password: options.password }, headers: options.request.headers });
    const { totpURI, backupCodes } = result as { totpURI?: string; backupCodes?: string[] };
    const enrolment = totpURI ? await renderTwoFactorEnrolment(totpURI, backupCodes ?? []) : null;
    if (!enrolment) throw new Error("better-auth returned no usable TOTP URI");
    return { ok: true as const, enrolment };
  } catch (error) {
    logger.error({ err: error }, "could not start two-factor enrolment for an administrator");
    return { ok: false as const };
  }
}

async function codeRefused(
  db: AppDatabase,
  request: Request,
  error: unknown,
  email: string,
  userId: string | null,
): Promise<AdminLoginOutcome> {
  if (!isAPIError(error)) throw error;
  const code = String((error.body as { code?: string } | undefined)?.code ?? "");
  await logAdminAuthAttempt({
    db,
    request,
    email,
    userId,
    success: false,
    method: "two-factor",
    failureReason: code.toLowerCase() || "invalid code",
  });
  if (code === "INVALID_TWO_FACTOR_COOKIE")
    return refusal("credentials", 400, "login.errors.twoFactorFailed", { key: "login.errors.expired" });
  if (code === "ACCOUNT_TEMPORARILY_LOCKED" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return refusal("code", 429, "login.errors.twoFactorFailed", { key: "login.errors.locked", values: { minutes: 15 } });
  }
  return refusal("code", 400, "login.errors.twoFactorFailed", { key: "login.errors.invalidCode" }, { field: "code" });
}

async function finish(options: {
  db: AppDatabase;
  request: Request;
  https: boolean;
  userId: string;
  email: string | null;
  headers: Headers;
}): Promise<AdminLoginOutcome> {
  const { db, request, https, userId, headers } = options;
  const admin = await findAdminIdentity({ db, userId });
  if (!admin) {
    await logAdminAuthAttempt({
      db,
      request,
      email: options.email ?? userId,
      userId,
      success: false,
      method: "two-factor",
      failureReason: "not an administrator",
    });
    return refusal("credentials", 403, "login.errors.authenticationFailed", { key: "login.errors.notAdmin" }, { headers });
  }
  const created = await createAdminSession({
    db,
    userId,
    method: "sign-in",
    ipAddress: clientIp(request),
    userAgent: request.headers.get("user-agent"),
  });
  await logAdminAuthAttempt({ db, request, email: admin.email ?? options.email ?? userId, userId, success: true, method: "two-factor" });
  headers.append("Set-Cookie", adminSessionCookie(created.token, { https }));
  return { ok: true, step: "done", headers };
}

function hasCookie(request: Request, suffix: string): boolean {
  return (request.headers.get("cookie") ?? "").split(";").some((part) => part.trim().split("=")[0]!.endsWith(suffix));
}

/** The request as if the browser already held the cookies in `setCookies` (for a follow-up call). */
export function withCookies(request: Request, setCookies: Headers): Request {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name) jar.set(name, rest.join("="));
  }
  for (const cookie of setCookies.getSetCookie()) {
    const [pair] = cookie.split(";");
    const [name, ...rest] = pair!.trim().split("=");
    if (name) jar.set(name, rest.join("="));
  }
  const headers = new Headers(request.headers);
  headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return new Request(request.url, { method: "GET", headers });
}
