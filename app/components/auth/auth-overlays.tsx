import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { hasSeenFirstVisit, isGuestMode, markFirstVisitSeen } from "~/features/auth/guest-mode";
import { useCurrentMember } from "~/features/auth/use-current-member";
import { loadMemberUi } from "./header-auth";
import type { AuthTab } from "./auth-tab";
import { loadAuthDialog, onOpenAuthDialog } from "./open-auth-dialog";

const FIRST_VISIT_DELAY_MS = 1500;

const AuthDialog = lazy(loadAuthDialog);
const FirstVisitDialog = lazy(() => import("./first-visit-dialog"));

/**
 * Mounted once in the site layout. Holds the lazily loaded auth dialog (opened through
 * `openAuthDialog()`), the first-visit dialog (1.5 s after load, for signed-out visitors who
 * are not guests and have not seen it). Only this small component is in the first-load
 * bundle; both dialogs are chunks fetched when needed.
 */
export function AuthOverlays() {
  const member = useCurrentMember();
  const { pathname } = useLocation();
  const onAuthPage = pathname === "/auth" || pathname.startsWith("/auth/");
  const [dialogTab, setDialogTab] = useState<AuthTab | null>(null);
  const [firstVisit, setFirstVisit] = useState(false);
  const opener = useRef<Element | null>(null);
  const dialogUsed = useRef(false);
  const signedIn = useRef(member !== null);

  useEffect(
    () =>
      onOpenAuthDialog((tab) => {
        opener.current = document.activeElement;
        dialogUsed.current = true;
        // Signing in is the likely outcome: have the member menu ready to take the focus.
        void loadMemberUi();
        setFirstVisit(false);
        setDialogTab(tab);
      }),
    [],
  );

  // A member who signed in anywhere (dialog, /auth, an emailed link) has been welcomed:
  // signing out later must not bring the first-visit dialog back.
  useEffect(() => {
    signedIn.current = member !== null;
    if (member && !hasSeenFirstVisit()) markFirstVisitSeen();
  }, [member]);

  useEffect(() => {
    if (member || onAuthPage || isGuestMode() || hasSeenFirstVisit()) return;
    const timer = setTimeout(() => setFirstVisit(!dialogUsed.current), FIRST_VISIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [member, onAuthPage]);

  return (
    <>
      {dialogTab ? (
        <Suspense fallback={null}>
          <AuthDialog
            initialTab={dialogTab}
            onClose={() => {
              setDialogTab(null);
              returnFocus(opener.current);
            }}
          />
        </Suspense>
      ) : null}
      {firstVisit ? (
        <Suspense fallback={null}>
          <FirstVisitDialog
            onClose={() => {
              setFirstVisit(false);
              afterFirstVisit(signedIn.current);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const visible = (el: Element | null): el is HTMLElement => el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0;

/** Back to the opener; if it is gone (signed in: the button became the member menu), to a stand-in. */
function returnFocus(opener: Element | null) {
  const target = visible(opener) ? opener : [...document.querySelectorAll("[data-auth-return]")].find(visible);
  target?.focus();
}

/**
 * The first-visit dialog opened by itself: the browser returns focus to what had it before,
 * usually nothing (<body>). Then continue from the member menu after signing in, else from
 * the page's main landmark.
 */
function afterFirstVisit(signedIn: boolean) {
  // At the close event focus may still be on a control of the (now hidden) dialog.
  const active = document.activeElement;
  if (active && active !== document.body && visible(active)) return;
  if (signedIn) return returnFocus(null);
  const main = document.querySelector<HTMLElement>("#main, main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
}
