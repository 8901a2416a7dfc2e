/*
 * Opening the auth dialog from anywhere, without importing it: a window event that the
 * dialog host in the site layout (auth-overlays.tsx) answers. This module is in the
 * first-load bundle, so it stays a few lines; the dialog itself is a lazy chunk.
 */
import type { AuthTab } from "./auth-tab";

const OPEN_EVENT = "open-auth-dialog";

/** The dialog's chunk; also fetched on intent (hover, focus) so opening is instant. */
export const loadAuthDialog = () => import("./auth-dialog");

export function preloadAuthDialog(): void {
  void loadAuthDialog();
}

/** Opens the auth dialog on `tab`; without a host on the page, goes to the /auth page. */
export function openAuthDialog(tab: AuthTab = "signin"): void {
  const event = new CustomEvent<AuthTab>(OPEN_EVENT, { detail: tab, cancelable: true });
  // The host cancels the event when it takes it.
  if (window.dispatchEvent(event)) window.location.assign(`/auth?tab=${tab}`);
}

export function onOpenAuthDialog(listener: (tab: AuthTab) => void): () => void {
  const handle = (event: Event) => {
    event.preventDefault();
    listener((event as CustomEvent<AuthTab>).detail);
  };
  window.addEventListener(OPEN_EVENT, handle);
  return () => window.removeEventListener(OPEN_EVENT, handle);
}
