import { isAPIError } from "better-auth/api";
import type { AppDatabase } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/db-errors.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { clientIp } from "~/server/request-input.server";
import type { Checked } from "./auth-input";
import type { AuthMessage, AuthMessageKey } from "./auth-translation";

export type AuthOutcome<T extends object = object> =
  | ({ ok: true; headers?: Headers } & T)
  | { ok: false; status: 400 | 401 | 403 | 429; error: AuthMessage; field?: string; headers?: Headers };

export function failure(
  key: AuthMessageKey,
  status: 400 | 401 | 403 | 429 = 400,
  field?: string,
): { ok: false; status: 400 | 401 | 403 | 429; error: AuthMessage; field?: string } {
  return { ok: false, status, error: { key }, field };
}

export const limits = {
  /** Failed sign-ins from one IP (each attempt counts first; a success is given back). */
  failedSignInsPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Failed sign-ins against one account (email or phone) from one client address. */
  failedSignInsPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins against one account from all addresses together: the ceiling on guessing
   * spread over many addresses (20 of them, each at its own limit). Over it, addresses the
   * member signed in from before still get in (sign-in-lock.server.ts).
   */
  failedSignInsPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Magic links and SMS codes from one IP. */
  sendsPerIp: { limit: 10, windowSeconds: 15 * 60 },
  /** One magic link or code per address or phone per minute. */
  sendPerRecipient: { limit: 1, windowSeconds: 60 },
  /** Code and two-factor verification attempts from one IP. */
  verifyPerIp: { limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one event; returns the translated refusal when over the limit. Per-IP keys
 * (`…:ip:…`) are scaled by RATE_LIMIT_IP_SCALE; per-account and per-recipient ones never are.
 */
export async function checkLimit(
  db: AppDatabase,
  key: string,
  rule: RateLimitRule,
): Promise<{ ok: false; status: 429; error: AuthMessage } | null> {
  const scale = key.includes(":ip:") ? getEnv().RATE_LIMIT_IP_SCALE : 1;
  const result = await consumeRateLimit(db, key, { ...rule, limit: rule.limit * scale });
  if (result.allowed) return null;
  return { ok: false, status: 429, error: rateLimitedMessage(result.retryAfterSeconds) };
}

export function rateLimitedMessage(retryAfterSeconds: number): AuthMessage {
  return retryAfterSeconds <= 90
    ? { key: "errors.rateLimitedSeconds", values: { seconds: retryAfterSeconds } }
    : { key: "errors.rateLimited", values: { minutes: Math.ceil(retryAfterSeconds / 60) } };
}

const codeMessages: Record<string, AuthMessageKey> = {
  EMAIL_NOT_VERIFIED: "errors.emailNotConfirmed",
  INVALID_EMAIL_OR_PASSWORD: "errors.invalidCredentials",
  // The spec shows 'Invalid login credentials' as one text, whichever way the member signed in.
  INVALID_PHONE_NUMBER_OR_PASSWORD: "errors.invalidCredentials",
  PHONE_NUMBER_NOT_VERIFIED: "errors.phoneNotVerified",
  INVALID_PHONE_NUMBER: "errors.invalidPhone",
  INVALID_EMAIL: "errors.invalidEmail",
  PASSWORD_TOO_SHORT: "errors.passwordTooShort",
  PASSWORD_TOO_LONG: "errors.passwordTooLong",
  USER_ALREADY_EXISTS: "errors.accountExists",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "errors.accountExists",
  PHONE_NUMBER_EXIST: "errors.accountExists",
  INVALID_OTP: "errors.invalidCode",
  OTP_EXPIRED: "errors.invalidCode",
  OTP_NOT_FOUND: "errors.invalidCode",
  TOO_MANY_ATTEMPTS: "errors.tooManyAttempts",
  INVALID_TOKEN: "errors.linkInvalid",
  TOKEN_EXPIRED: "errors.linkInvalid",
  INVALID_CODE: "errors.invalidTwoFactor",
  INVALID_BACKUP_CODE: "errors.invalidTwoFactor",
  INVALID_TWO_FACTOR_COOKIE: "errors.twoFactorExpired",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "errors.tooManyAttempts",
  ACCOUNT_TEMPORARILY_LOCKED: "errors.tooManyAttempts",
  ACCOUNT_DISABLED: "errors.accountDisabled",
  INVALID_PASSWORD: "errors.wrongPassword",
  SESSION_EXPIRED: "errors.signInRequired",
  UNAUTHORIZED: "errors.signInRequired",
};

/** Maps a better-auth error to the spec's friendly, translated text; anything else is logged. */
export function fromAuthError(error: unknown): { ok: false; status: 400 | 401 | 403 | 429; error: AuthMessage } {
  // better-auth wraps a database failure in its own 500 (cause kept): that is the database
  // being unreachable, answered 503 by the route guard (database-outage.server.ts), not a
  // "something went wrong" about the visitor's input.
  if (isDatabaseUnavailable(error)) throw error;
  if (isAPIError(error)) {
    const code = String((error.body as { code?: string } | undefined)?.code ?? "");
    const key = codeMessages[code];
    const status = error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 429 ? error.statusCode : 400;
    if (key) return { ok: false, status, error: { key } };
    logger.warn({ code, message: error.message }, "unmapped auth error");
    return { ok: false, status, error: { key: "errors.generic" } };
  }
  throw error;
}

/** Forwards the Set-Cookie headers better-auth produced onto a React Router response. */
export function cookieHeaders(source: Headers | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The start of every request that emails someone a link (a magic link, a password reset):
 * the form read and the address checked, then two send limits that count every address
 * alike, known or not: per client IP and per address. `scope` keeps the two kinds apart.
 */
export async function acceptLinkRequest(options: {
  db: AppDatabase;
  request: Request;
  scope: "send" | "reset";
  /** The address as checked, or null when the form itself was unreadable. */
  checked: Checked<{ email: string }> | null;
}): Promise<{ ok: true; email: string } | Exclude<AuthOutcome, { ok: true }>> {
  const { db, request, scope, checked } = options;
  if (!checked) return failure("errors.invalidRequest");
  if (!checked.ok) return { ...checked, status: 400 };
  const { email } = checked.value;
  const limited =
    (await checkLimit(db, `${scope}:ip:${clientIp(request)}`, limits.sendsPerIp)) ??
    (await checkLimit(db, `${scope}:email:${email}`, limits.sendPerRecipient));
  return limited ?? { ok: true, email };
}
