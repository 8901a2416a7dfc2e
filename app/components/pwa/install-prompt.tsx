import { lazy, Suspense, useEffect, useState } from "react";
import { useCurrentMember } from "~/features/auth/use-current-member";
import {
  BANNER_DELAY_MS,
  forgetMemberPages,
  isDismissed,
  isStandalone,
  rememberDismissed,
  type InstallEvent,
} from "~/features/pwa/install-state";

const loadBanner = () => import("./install-banner");
const InstallBanner = lazy(loadBanner);

// Captured as soon as this module runs (the event may come before React hydrates).
let captured: InstallEvent | null = null;
let capturedAt = 0;
const changed = new Set<() => void>();
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    captured = event as InstallEvent;
    capturedAt = Date.now();
    changed.forEach((f) => f());
  });
  window.addEventListener("appinstalled", () => {
    captured = null;
    changed.forEach((f) => f());
    void loadBanner().then((m) => m.toastInstalled());
  });
}

/**
 * Mounted once in the site layout: the service worker's registration (production, after
 * load) and the install banner, 30 s after the browser offered the install, for a signed-in
 * member, unless the app runs standalone or 'Not Now' was chosen in the last 7 days. The
 * banner itself is a chunk loaded when due.
 */
export function InstallPrompt() {
  const member = useCurrentMember();
  const [event, setEvent] = useState<InstallEvent | null>(null);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);

  // Pages kept offline while signed in show the member: gone at sign-out.
  useEffect(() => forgetMemberPages(member !== null), [member]);

  useEffect(() => {
    const sync = () => setEvent(captured);
    sync();
    changed.add(sync);
    return () => void changed.delete(sync);
  }, []);

  const [closed, setClosed] = useState(false);
  useEffect(() => {
    setDue(false);
    setClosed(false);
    if (!event) return;
    // 30 s from the browser's event, not from this render.
    const timer = setTimeout(() => setDue(true), Math.max(0, capturedAt + BANNER_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [event]);

  if (!event || !due || !member || closed || isStandalone() || isDismissed()) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner
        event={event}
        onDone={(notNow) => {
          if (notNow) rememberDismissed();
          else captured = null;
          setClosed(true);
        }}
      />
    </Suspense>
  );
}
