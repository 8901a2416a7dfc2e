import type { ServerBuild } from "react-router";
import { detectRequestLanguage } from "~/i18n/detect-language";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import type { Language } from "~/i18n/config";
import { sameSitePath } from "~/lib/same-site-path";
import { isDatabaseUnavailable } from "./db-errors.server";
import { logger } from "./logger.server";

/**
 * How long a visitor (or a client honouring Retry-After) should wait before trying again.
 * A restart of PostgreSQL takes a few seconds; the connection pool opens new connections on
 * the next request once it answers, so nothing else has to happen for the site to recover.
 */
export const RETRY_AFTER_SECONDS = 5;

/** The visitor's text for "the database is unreachable", in their language. */
export function unavailableText(language: Language): { title: string; body: string } {
  const { errors } = language === "es" ? esCommon : enCommon;
  return { title: errors.unavailableTitle, body: errors.unavailableBody };
}

export const unavailableHeaders = (): Record<string, string> => ({
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
});

/**
 * The answer to a request that failed because the database could not be reached: 503 with
 * Retry-After, in the visitor's language. A page's loader or action throws it, and React
 * Router renders the error boundary's "We'll be right back" screen (error-boundaries.tsx) with
 * that status; a resource route (no page) returns it as it is: JSON for a client that asked
 * for JSON (the live chat's fetch reads `error`), otherwise plain text.
 */
export function databaseUnavailableResponse(request: Request, { page, url }: { page: boolean; url: URL }): Response {
  const { language } = detectRequestLanguage(request);
  const { title, body } = unavailableText(language);
  const headers = new Headers(unavailableHeaders());
  headers.set("Content-Language", language);
  if (!page && (request.headers.get("accept") ?? "").includes("application/json")) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ ok: false, error: `${title}. ${body}` }), {
      status: 503,
      statusText: "Service Unavailable",
      headers,
    });
  }
  if (!page && (request.headers.get("accept") ?? "").includes("text/html")) {
    // A browser's navigation to a resource route (a form posted without JavaScript).
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(unavailableHtml(language, url.pathname), { status: 503, statusText: "Service Unavailable", headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(`${title}. ${body}`, { status: 503, statusText: "Service Unavailable", headers });
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

/**
 * The same message as a small page of its own, for answers made outside React Router (a
 * resource route, the Express layer): no stylesheet or script, so it needs nothing but itself.
 */
export function unavailableHtml(language: Language, retryPath: string): string {
  const { title, body } = unavailableText(language);
  const again = language === "es" ? esCommon.errors.tryAgain : enCommon.errors.tryAgain;
  // The request's own path (Express's `req.path` keeps a backslash: `/\evil.example` is `//evil.example` to a browser).
  const href = sameSitePath(retryPath);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(href)}">${escapeHtml(again)}</a></p></main></body></html>`;
}

// One warning per outage rather than one per request: 200 visitors during a 5-second restart
// would otherwise write a thousand identical lines.
const LOG_EVERY_MS = 5000;
let lastLoggedAt = 0;
let unlogged = 0;

function noteOutage(error: unknown, url: URL, routeId: string) {
  const now = Date.now();
  if (now - lastLoggedAt < LOG_EVERY_MS) {
    unlogged += 1;
    return;
  }
  logger.warn(
    { err: error, path: url.pathname, routeId, alsoAnswered503: unlogged },
    "database unavailable: answered 503 (Retry-After) instead of an error",
  );
  lastLoggedAt = now;
  unlogged = 0;
}

/**
 * A loader or action: whatever it returns is passed on; a database outage becomes the 503.
 * `url` is the page's address as React Router gives it (without a client navigation's `.data`
 * suffix and `_routes`); `request.url` is the raw one.
 */
function guard<A extends { request: Request; url: URL }, R>(
  fn: (args: A, ...rest: never[]) => R,
  routeId: string,
  page: boolean,
): (args: A) => Promise<unknown> {
  return async (args: A) => {
    try {
      return await fn(args);
    } catch (error) {
      if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
      noteOutage(error, args.url, routeId);
      throw databaseUnavailableResponse(args.request, { page, url: args.url });
    }
  };
}

const guardedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with every route's loader and action guarded: a database outage (a
 * restart, a failover) thrown from any of them becomes the 503 answer above instead of a 500
 * "Unexpected Server Error" (which production mode would also strip of its cause, so no error
 * boundary could tell the visitor what happened). Other errors pass through untouched. One
 * wrapper for all routes, so a new route is covered without remembering to.
 */
export function guardDatabaseOutages(build: ServerBuild): ServerBuild {
  const known = guardedBuilds.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const page = Boolean(route.module.default);
    const module = { ...route.module };
    // Only the functions a route has: React Router tells "has a loader" by the key's value.
    if (module.loader) module.loader = guard(module.loader, id, page) as typeof module.loader;
    if (module.action) module.action = guard(module.action, id, page) as typeof module.action;
    routes[id] = { ...route, module };
  }
  const guarded: ServerBuild = { ...build, routes };
  guardedBuilds.set(build, guarded);
  return guarded;
}
