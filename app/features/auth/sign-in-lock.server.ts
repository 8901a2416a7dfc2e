import { sql } from "drizzle-orm";
import { escapeLike } from "~/lib/escape-like";
import type { AppDatabase } from "~/server/db.server";
import { consumeRateLimit, peekRateLimit, refundRateLimit, resetRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { clientNetwork } from "~/server/client-network.server";
import { clientIp } from "~/server/request-input.server";

export interface SignInLockRules {
  /** Failed passwords for one account from one client address: then that address waits. */
  perAccountAndIp: RateLimitRule;
  /**
   * Failed passwords for one account from everywhere: a ceiling on guessing spread over many
   * addresses. Over it, only addresses the account signed in from before get through.
   */
  perAccount: RateLimitRule;
}

/** How long an address counts as the account's own after a right password there. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

export type SignInAttempt =
  | { ok: false; retryAfterSeconds: number }
  | {
      ok: true;
      /** The password was right: the address's failures go, and it becomes a known address. */
      proven(): Promise<void>;
    };

const keys = (scope: string, account: string, ip: string) => ({
  account: `${scope}:fail:${account}`,
  pair: `${scope}:fail:${account}:from:${ip}`,
});
// Keyed by user id (not the address typed): deleting the account deletes these rows too
// (erase-member-account.server.ts removes every rate_limits key naming the user).
const knownKey = (scope: string, userId: string, ip: string) => `${scope}:known:${userId}:from:${ip}`;

/**
 * Counts one password attempt against `account` before the password is checked (so parallel
 * guesses can't get past the limits), per account *and client address*: a stranger's wrong
 * passwords lock only the stranger's address, and the member's right password from their own
 * still works. The per-account ceiling is high (many addresses, each spending its own budget,
 * to reach it), and even over it an address where this account signed in with its password in
 * the last 30 days is let through: nobody can keep a member or an administrator out by
 * guessing, while guessing spread over many addresses stays bounded.
 */
export async function claimSignInAttempt(options: {
  db: AppDatabase;
  request: Request;
  /** `signin` (the site) or `admin-signin` (the portal): separate counters. */
  scope: string;
  /** `email:…` / `phone:…` (the site), the address (the portal). */
  account: string;
  rules: SignInLockRules;
  /** The account's user id, or null when no account has it (looked up only when needed). */
  findUserId: () => Promise<string | null>;
}): Promise<SignInAttempt> {
  const { db, request, scope, account, rules, findUserId } = options;
  // The client's network, not its exact address: an IPv6 host is handed a whole /64, and would
  // otherwise spend a fresh per-address budget for every address in it.
  const ip = clientNetwork(clientIp(request));
  const key = keys(scope, account, ip);
  const pair = await consumeRateLimit(db, key.pair, rules.perAccountAndIp);
  if (!pair.allowed) return { ok: false, retryAfterSeconds: pair.retryAfterSeconds };
  const overall = await consumeRateLimit(db, key.account, rules.perAccount);
  if (!overall.allowed) {
    const userId = await findUserId();
    const known = userId
      ? !(await peekRateLimit(db, knownKey(scope, userId, ip), { limit: 1, windowSeconds: KNOWN_ADDRESS_SECONDS })).allowed
      : false;
    if (!known) {
      // No password was checked: the address keeps this attempt.
      await refundRateLimit(db, key.pair);
      return { ok: false, retryAfterSeconds: overall.retryAfterSeconds };
    }
  }
  return {
    ok: true,
    async proven() {
      // The account's tally only gives this attempt back: the member signing in doesn't wipe
      // out failures someone else is piling up from other addresses.
      await Promise.all([resetRateLimit(db, key.pair), refundRateLimit(db, key.account)]);
      const userId = await findUserId();
      if (userId) await rememberAddress(db, knownKey(scope, userId, ip));
    },
  };
}

/** After a password reset: the account's failures, from every address, are forgotten. */
export async function liftSignInLock(options: { db: AppDatabase; scope: string; account: string }): Promise<void> {
  const { db, scope, account } = options;
  const { account: accountKey } = keys(scope, account, "");
  await db.execute(sql`delete from rate_limits where key = ${accountKey} or key like ${`${escapeLike(accountKey)}:from:%`}`);
}

/** The row says "signed in from here", for 30 days from the latest sign-in. */
async function rememberAddress(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${KNOWN_ADDRESS_SECONDS}))
    on conflict (key) do update set count = 1, reset_at = excluded.reset_at
  `);
}
