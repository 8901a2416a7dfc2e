import { data, redirect } from "react-router";
import { clientIp } from "~/server/request-input.server";
import { sameSitePath } from "~/lib/same-site-path";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { pageUrl } from "~/server/data-request.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { getRequestContext } from "~/server/request-context.server";
import { can, type ScopeName } from "./admin-sections";
import { readAdminToken, validateAdminSession, type AdminIdentity, type AdminSessionInfo } from "./admin-session.server";

export interface AdminContext {
  db: AppDatabase;
  language: Language;
  admin: AdminIdentity;
  session: AdminSessionInfo;
  /** The client address, for the audit log. */
  ip: string;
}

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function adminCookiesSecure(): boolean {
  return siteUrl(getEnv()).startsWith("https://");
}

/**
 * Where a visitor without an admin session goes: the login page, then back here (made
 * same-site). Back to the page, never to a client navigation's data address (React Router 8
 * passes the raw request: `/admin/events.data?_routes=…`).
 */
export function adminLoginUrl(request: Request): string {
  const url = pageUrl(request);
  const back = sameSitePath(url.pathname + url.search, { fallback: "/admin" });
  return back === "/admin" || back === "/admin/" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Convention 1 and 2: every admin loader and action calls this with the scope it needs
 * (`null` = any administrator). Without a valid admin session it redirects to /admin/login;
 * without the scope it answers 403, so an action posted without its page is refused too.
 * (The automatic admin session for a two-factor member is made earlier, once per request,
 * by the server's /admin middleware: resolve-admin-session.server.ts.)
 */
export async function requireAdmin(request: Request, scope: ScopeName | readonly ScopeName[] | null): Promise<AdminContext> {
  const { db, language } = getRequestContext(request);
  const token = readAdminToken(request.headers.get("cookie"));
  const validated = token ? await validateAdminSession({ db, token }) : null;
  if (!validated) {
    throw redirect(adminLoginUrl(request), {
      status: request.method === "GET" || request.method === "HEAD" ? 302 : 303,
      headers: NO_STORE,
    });
  }
  if (!can(validated.admin.scopes, scope)) {
    throw data({ forbidden: true }, { status: 403, headers: NO_STORE });
  }
  return { db, language, admin: validated.admin, session: validated.session, ip: clientIp(request) };
}
