import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { LINK_LIFETIME_SECONDS } from "~/server/auth.server";
import { getEnv, siteUrl } from "~/server/env.server";

/**
 * Login CSRF (issue 32, item 8b): a magic link asked for by someone else and opened in a
 * member's browser would sign that browser in to *their* account. So the browser that asks
 * for a link gets a random value in this cookie (HttpOnly, 15 minutes, like the link), and
 * the link carries its SHA-256 (`browser=`). A link opened where the cookie matches signs in
 * at once; anywhere else (the member's phone, another person's browser, a mail scanner) the
 * page asks first, by a button (POST), and nothing is used up until then.
 */
export const LINK_BROWSER_COOKIE = "church_link_browser";
const VALUE = /^[A-Za-z0-9_-]{43}$/;

function hashOf(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** The value in this request's cookie, when it has one of the right shape. */
function readValue(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LINK_BROWSER_COOKIE) continue;
    const value = rest.join("=");
    return VALUE.test(value) ? value : null;
  }
  return null;
}

/**
 * For a link about to be mailed: the hash the link carries, and the cookie that keeps the
 * value in this browser. A browser that already has a value keeps it (and its 15 minutes start
 * again), so every link it asked for lately still opens here.
 */
export function bindLinkToBrowser(request: Request): { hash: string; setCookie: string } {
  const value = readValue(request) ?? randomBytes(32).toString("base64url");
  const secure = siteUrl(getEnv()).startsWith("https://") ? "; Secure" : "";
  return {
    hash: hashOf(value),
    setCookie: `${LINK_BROWSER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LINK_LIFETIME_SECONDS}${secure}`,
  };
}

/** True when the link's `browser=` hash is the one of this browser's cookie (constant time). */
export function isAskingBrowser(request: Request, linkHash: string | null): boolean {
  const value = readValue(request);
  if (!value || !linkHash || !VALUE.test(linkHash)) return false;
  return timingSafeEqual(Buffer.from(hashOf(value)), Buffer.from(linkHash));
}

/** `jane@example.org` → `j***@example.org`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
