import { KEEP_HOME_MESSAGE, PAGES_CACHE } from "./sw-rules";

/** The install prompt's rules (spec 4 "Install prompt", 9 "Install banner delay"); small, eager. */

/** The banner appears this long after the browser's install event. */
export const BANNER_DELAY_MS = 30_000;
/** 'Not Now' keeps it away this long. */
export const DISMISS_MS = 7 * 86_400_000;
/** Device-stored: when 'Not Now' was chosen (ISO date). */
export const DISMISSED_KEY = "install-prompt-dismissed";

/** Chromium's `beforeinstallprompt` event. */
export interface InstallEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

export function isStandalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}

export function isDismissed(now = Date.now()): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(DISMISSED_KEY);
  } catch {
    return false;
  }
  const at = stored ? Date.parse(stored) : NaN;
  return Number.isFinite(at) && now - at < DISMISS_MS && at <= now + 60_000;
}

/** 'Not Now': the time, as an ISO date (spec 3 "Device-stored items"). */
export function rememberDismissed(now = new Date()): void {
  try {
    localStorage.setItem(DISMISSED_KEY, now.toISOString());
  } catch {
    // Storage refused (private mode): the banner may come back, nothing else breaks.
  }
}

const MEMBER_PAGES_KEY = "offline-pages-member";

/**
 * The worker's page cache may hold pages rendered for a signed-in member: remember that, and
 * empty it when this device shows the site signed out again (sign-out, expired session). The
 * worker then keeps the home page again, as a visitor's: offline, `/` would otherwise show the
 * offline page until the next visit to it online.
 */
export function forgetMemberPages(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(MEMBER_PAGES_KEY, "1");
    else if (localStorage.getItem(MEMBER_PAGES_KEY)) {
      localStorage.removeItem(MEMBER_PAGES_KEY);
      if ("caches" in window) {
        void caches
          .delete(PAGES_CACHE)
          .then(() => navigator.serviceWorker?.controller?.postMessage(KEEP_HOME_MESSAGE))
          .catch(() => undefined);
      }
    }
  } catch {
    // No storage: nothing was remembered either.
  }
}
