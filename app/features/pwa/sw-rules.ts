/** Rules shared by the service worker (app/sw.ts) and its tests: what it may cache. */

export const PAGES_CACHE = "pages-v1";
export const SHELL_CACHE = "shell-v1";
export const OFFLINE_CACHE = "offline-v1";

/** Public pages kept for offline reading (network first): service times, address, events. */
export const CACHED_PAGES: readonly string[] = ["/", "/plan-visit", "/events", "/about", "/watch", "/sermons", "/study", "/join-church", "/offline"];

/** Paths the service worker never answers for: sign-in, admin, payments, the assistant, settings. */
const NEVER = /^\/(?:admin|auth|settings|stripe|assistant|api|give\/(?:thanks|history|statement)|store\/(?:cart|orders)|email)(?:[/.]|$)/;

export const offlineKey = (language: "en" | "es") => `/offline?lang=${language}`;

export function isCachedPage(pathname: string): boolean {
  return CACHED_PAGES.includes(pathname);
}

/** A navigation the worker handles (network, then the offline page on failure). */
export function isHandledNavigation(pathname: string): boolean {
  return !NEVER.test(pathname) && !pathname.endsWith(".data");
}
