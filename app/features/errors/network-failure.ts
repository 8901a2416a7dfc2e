/**
 * A client navigation (or a form sent from the page) that failed on the network: the visitor is
 * offline, or the server is out of reach. React Router hands the fetch's `TypeError` to the
 * nearest error boundary. The service worker turns a failed `.data` request into a document
 * load, but React Router's route discovery (`/__manifest`, asked when a link leads to a route
 * the page has not met yet) has no such answer: offline, that link showed "Something went
 * wrong". A document load is what the visitor should get instead: the service worker answers
 * it with the page kept for offline reading or the offline page, and without the worker the
 * browser says it is offline. React Router does the same when a route module fails to load.
 */

/** What each browser's `fetch` rejects with when the request never got an answer. */
const NETWORK_FAILURE = /^(?:Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/;

export function isNetworkFailure(error: unknown, online: boolean): boolean {
  return error instanceof TypeError && (!online || NETWORK_FAILURE.test(error.message));
}

const RELOAD_KEY = "network-failure-reload";
/** A second failure on the same address this soon after loading it again is not retried. */
export const RELOAD_WINDOW_MS = 10_000;

/** The last reload's record; an unreadable one counts as none. */
function readRecord(text: string | null): { href?: unknown; at?: unknown } | null {
  try {
    return JSON.parse(text ?? "null") as { href?: unknown; at?: unknown } | null;
  } catch {
    return null;
  }
}

/**
 * Whether `href` may be loaded again as a document, and if so records it: once per address per
 * 10 s, so a page whose own load fails the same way cannot reload forever. No storage (some
 * private modes throw on it): no reload, the error screen as before.
 */
export function claimReload(storage: () => Pick<Storage, "getItem" | "setItem">, href: string, now: number): boolean {
  try {
    const store = storage();
    const last = readRecord(store.getItem(RELOAD_KEY));
    if (last?.href === href && typeof last.at === "number" && now >= last.at && now - last.at < RELOAD_WINDOW_MS) return false;
    store.setItem(RELOAD_KEY, JSON.stringify({ href, at: now }));
    return true;
  } catch {
    return false;
  }
}
