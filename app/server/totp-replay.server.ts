import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { twoFactors } from "~/db/schema";
import type { AppDatabase } from "./db.server";
import { consumeRateLimit } from "./rate-limit.server";

/** better-auth's TOTP settings (two-factor plugin defaults): 6 digits, 30-second steps, one step either side. */
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
/**
 * How long a used step is remembered: its code is accepted during three steps at most (the
 * one before, its own, the one after), so after four nobody's clock can accept it again.
 */
const REMEMBER_SECONDS = (2 * WINDOW_STEPS + 2) * PERIOD_SECONDS;

export type SecretKey = Parameters<typeof symmetricDecrypt>[0]["key"];

/** The authenticator secret better-auth stored for the user (encrypted with the auth secret), or null. */
export async function readTotpSecret(options: {
  db: AppDatabase;
  userId: string;
  key: SecretKey;
  /** Only a confirmed authenticator (the default); enrolment checks its first code before `verified`. */
  includeUnverified?: boolean;
}): Promise<string | Uint8Array | null> {
  const [row] = await options.db
    .select({ secret: twoFactors.secret, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, options.userId))
    .limit(1);
  if (!row || (row.verified === false && !options.includeUnverified)) return null;
  const stored = await symmetricDecrypt({ key: options.key, data: row.secret });
  return stored.startsWith("base32:") ? base32.decode(stored.slice(7).toUpperCase()) : stored;
}

/** The time step whose code `code` is (within the accepted window), or null when it is no current code. */
export async function matchTotpStep(secret: string | Uint8Array, code: string, now = Date.now()): Promise<number | null> {
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(code)) return null;
  const otp = createOTP(secret, { digits: DIGITS, period: PERIOD_SECONDS });
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  // Every step is computed and compared, so the time taken doesn't say which one matched.
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step++) {
    const expected = await otp.hotp(step);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) matched = step;
  }
  return matched;
}

/**
 * RFC 6238 §5.2: a one-time code is accepted once. Checks `code` against the user's
 * authenticator and, when it is right, claims its time step for the user in the shared
 * PostgreSQL store (one atomic upsert, so two requests racing with the same code can't both
 * win, on any instance). `replayed` = a right code that was already used.
 */
export async function claimTotpCode(options: {
  db: AppDatabase;
  userId: string;
  code: string;
  key: SecretKey;
  includeUnverified?: boolean;
}): Promise<"accepted" | "replayed" | "invalid"> {
  const secret = await readTotpSecret(options);
  if (secret === null) return "invalid";
  const step = await matchTotpStep(secret, options.code);
  if (step === null) return "invalid";
  const claim = await consumeRateLimit(options.db, `totp:used:${options.userId}:${step}`, { limit: 1, windowSeconds: REMEMBER_SECONDS });
  return claim.allowed ? "accepted" : "replayed";
}
