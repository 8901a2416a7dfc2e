/** Rules shared by the service worker (app/sw.ts) and its tests: what it may cache. */

export const PAGES_CACHE = "pages-v1";
export const SHELL_CACHE = "shell-v1";
export const OFFLINE_CACHE = "offline-v1";

/** Public pages kept for offline reading (network first): service times, address, events. */
export const CACHED_PAGES: readonly string[] = [
  "/",
  "/plan-visit",
  "/events",
  "/about",
  "/watch",
  "/sermons",
  "/study",
  "/join-church",
  "/offline",
];

/** Paths the service worker never answers for: sign-in, admin, payments, the assistant, settings. */
const NEVER = /^\/(?:admin|auth|settings|stripe|assistant|api|give\/(?:thanks|history|statement)|store\/(?:cart|orders)|email)(?:[/.]|$)/;

/**
 * What a page posts to the worker after emptying the pages cache at sign-out
 * (install-state.ts): the home page kept at install went with it, and is kept again.
 */
export const KEEP_HOME_MESSAGE = "keep-home";

export const offlineKey = (language: "en" | "es") => `/offline?lang=${language}`;

export function isCachedPage(pathname: string): boolean {
  return CACHED_PAGES.includes(pathname);
}

/** A navigation the worker handles (network, then the offline page on failure). */
export function isHandledNavigation(pathname: string): boolean {
  return !NEVER.test(pathname) && !pathname.endsWith(".data");
}

/**
 * The build's scripts and stylesheets a page's HTML names, wherever it names them: `<link>` and
 * `<script src>`, but also the route modules that only appear in inline scripts (the router's
 * `import … from "/assets/…"` and the preloads added after first paint, as JSON).
 */
export function assetsIn(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)(?![\w.-])/g) ?? [])];
}

/**
 * The build files a script loads by itself, as rolldown writes them: its imports, static and on
 * demand (`import("./chat-panel-<hash>.js")`, string tables included), and the files Vite
 * preloads beside them (`__vite__mapDeps`: `"assets/auth-forms-<hash>.js"`). Not what React
 * Router's manifest names (`"/assets/…"`, every route of the site, the admin's included): a
 * page's own route modules are in its HTML (`assetsIn`).
 */
export function chunksIn(script: string): string[] {
  return [...new Set([...script.matchAll(/["'`](?:\.\/|assets\/)([\w.-]+\.(?:js|css))["'`]/g)].map((match) => `/assets/${match[1]}`))];
}
