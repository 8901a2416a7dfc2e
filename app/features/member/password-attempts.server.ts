import { checkLimit } from "~/features/auth/auth-request.server";
import type { AuthMessage } from "~/features/auth/auth-translation";
import type { AppDatabase } from "~/server/db.server";
import { resetRateLimit, type RateLimitRule } from "~/server/rate-limit.server";

/** Password and code checks on /settings: 5 per member per 15 minutes, cleared by a success. */
export const settingsAttemptRule: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

export type AttemptKind = "password" | "two-factor-code";

/**
 * Runs a check of the member's password (or an authenticator code) under a per-member limit.
 * Every attempt is counted before it runs (atomically, so parallel guesses can't slip past
 * the limit); a success resets the count so a member who knows their password is never
 * locked out by using it.
 */
export async function withAttemptLimit<O extends { ok: boolean }>(
  options: { db: AppDatabase; userId: string; kind: AttemptKind },
  run: () => Promise<O>,
): Promise<O | { ok: false; status: 429; error: AuthMessage }> {
  const key = `settings:${options.kind}:${options.userId}`;
  const limited = await checkLimit(options.db, key, settingsAttemptRule);
  if (limited) return limited;
  const outcome = await run();
  if (outcome.ok) await resetRateLimit(options.db, key);
  return outcome;
}
