import { sql } from "drizzle-orm";
import type { AppDatabase } from "./db.server";

export interface RateLimitRule {
  /** Events allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one event against `key` in a fixed window kept in PostgreSQL, so every app instance
 * shares the same counters. One atomic upsert: concurrent requests can't both slip through.
 */
export async function consumeRateLimit(db: AppDatabase, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; retry: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as retry
  `);
  const row = rowsOf<{ count: number; retry: number }>(result)[0];
  const count = Number(row?.count ?? 1);
  return count <= rule.limit
    ? { allowed: true, retryAfterSeconds: 0 }
    : { allowed: false, retryAfterSeconds: Math.max(1, Number(row?.retry ?? rule.windowSeconds)) };
}

/** Reads a counter without counting (e.g. "is this account locked by failed sign-ins?"). */
export async function peekRateLimit(db: AppDatabase, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; retry: number }>(sql`
    select count, ceil(extract(epoch from (reset_at - now())))::int as retry
    from rate_limits where key = ${key} and reset_at > now()
  `);
  const row = rowsOf<{ count: number; retry: number }>(result)[0];
  if (!row || Number(row.count) < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retry)) };
}

/** Takes back one counted event (a sign-in that turned out to be the member's own). */
export async function refundRateLimit(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

export async function resetRateLimit(db: AppDatabase, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** node-postgres returns `{ rows }`, PGlite returns `{ rows }` too, typed differently. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
