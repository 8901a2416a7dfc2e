import { createHmac, timingSafeEqual } from "node:crypto";
import { resolveAuthSecret } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";

let key: Buffer | undefined;

/** A key of its own for feed tokens, derived from the app secret (never the secret itself). */
function feedKey(): Buffer {
  if (!key) {
    const env = getEnv();
    const secret = resolveAuthSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
    key = createHmac("sha256", secret).update("church:calendar-feed:v1").digest();
  }
  return key;
}

function mac(userId: string, version: number): string {
  return createHmac("sha256", feedKey()).update(`${userId}:${version}`).digest("base64url");
}

/**
 * The token of a member's private feed (/events/mine.ics?token=…): `<userId>.<hmac>` over the
 * user id and `profiles.calendar_feed_version`, so bumping the version revokes every old link.
 */
export function createCalendarFeedToken(userId: string, version: number): string {
  return `${userId}.${mac(userId, version)}`;
}

/**
 * `<user id>.<43 base64url characters>`: user ids are letters, digits, `-` and `_`. Anything
 * else names no one and never reaches the database (a NUL in the id was a 500: PostgreSQL
 * refuses it in text; found by wapiti, docs/reliability.md §4).
 */
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.[A-Za-z0-9_-]{43}$/;

/** The user id a token names, before it is checked (the version is read from their profile). */
export function calendarFeedTokenUser(token: string | null | undefined): string | null {
  if (!token || token.length > 300) return null;
  return TOKEN.exec(token)?.[1] ?? null;
}

/** True when the token is the one for this user and feed version (compared in constant time). */
export function verifyCalendarFeedToken(token: string, userId: string, version: number): boolean {
  if (calendarFeedTokenUser(token) !== userId) return false;
  const given = Buffer.from(token.slice(userId.length + 1));
  const expected = Buffer.from(mac(userId, version));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
