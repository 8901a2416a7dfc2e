/** Guest mode is a device setting (spec: kept on the device), never sent to the server. */
export const GUEST_MODE_KEY = "guest-mode";
export const FIRST_VISIT_KEY = "first-visit-done";
const CHANGE_EVENT = "guest-mode-change";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function isGuestMode(): boolean {
  return storage()?.getItem(GUEST_MODE_KEY) === "true";
}

/** Continue as Guest: also answers the first-visit question, so it is not asked again. */
export function setGuestMode(): void {
  storage()?.setItem(GUEST_MODE_KEY, "true");
  markFirstVisitSeen();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearGuestMode(): void {
  storage()?.removeItem(GUEST_MODE_KEY);
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: other tabs (storage event) and this tab (custom event). */
export function subscribeGuestMode(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function hasSeenFirstVisit(): boolean {
  return storage()?.getItem(FIRST_VISIT_KEY) !== null;
}

export function markFirstVisitSeen(): void {
  storage()?.setItem(FIRST_VISIT_KEY, new Date().toISOString());
}
