import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Link } from "react-router";
import { isGuestMode, subscribeGuestMode } from "~/features/auth/guest-mode";
import type { CurrentMember } from "~/features/auth/use-current-member";
import { useTranslation } from "~/i18n/react";
import { openAuthDialog, preloadAuthDialog, type AuthTab } from "./open-auth-dialog";

/*
 * The auth pieces of the header and the mobile menu. This module is in every public page's
 * first-load bundle, so it holds only the openers and light placeholders; the member menu
 * (keyboard handling, sign-out) is a chunk loaded after hydration for signed-in members.
 */

const noSubscription = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Guest mode lives in localStorage: the server and the hydrating client both see `false`,
 * then the client re-renders with the stored value (no hydration mismatch).
 */
export function useGuestMode(): boolean {
  return useSyncExternalStore(subscribeGuestMode, isGuestMode, () => false);
}

/** Shown to guests (spec: guests see 'Guest Mode' and a Sign In button). */
export function GuestBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`items-center whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ${className}`}
    >
      {t("nav.guestMode")}
    </span>
  );
}

/**
 * A link to the /auth page, progressively enhanced: with JavaScript a plain click opens the
 * auth dialog instead (its chunk is fetched on hover or focus). Modified clicks still follow
 * the link.
 */
export function SignInLink({
  tab = "signin",
  redirectTo,
  className,
  onOpen,
  children,
}: {
  tab?: AuthTab;
  /** For the no-JavaScript fallback: where the /auth page goes after signing in. */
  redirectTo?: string;
  className?: string;
  /** Runs before the dialog opens (the mobile menu closes itself first). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  const params = new URLSearchParams();
  if (tab !== "signin") params.set("tab", tab);
  if (redirectTo && redirectTo !== "/") params.set("redirectTo", redirectTo);
  const query = params.toString();
  return (
    <Link
      to={query ? `/auth?${query}` : "/auth"}
      className={className}
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
      onClick={(event) => {
        if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen?.();
        openAuthDialog(tab);
      }}
    >
      {children}
    </Link>
  );
}

export const loadMemberUi = () => import("./member-ui");
const MemberMenu = lazy(() => loadMemberUi().then((m) => ({ default: m.MemberMenu })));
const MobileMemberLinks = lazy(() => loadMemberUi().then((m) => ({ default: m.MobileMemberLinks })));

const memberButtonClass =
  "inline-flex min-h-11 max-w-52 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-black/5";

/**
 * The signed-in member's menu button. Server-rendered (and until its chunk arrives) as a
 * link to /settings with the member's name, which is also what works without JavaScript.
 */
export function MemberMenuSlot({ member }: { member: CurrentMember }) {
  const hydrated = useHydrated();
  const placeholder = (
    <Link to="/settings" data-auth-return="" className={memberButtonClass}>
      <span className="truncate">{member.name}</span>
      <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
    </Link>
  );
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <MemberMenu member={member} />
    </Suspense>
  ) : (
    placeholder
  );
}

/** The member part of the mobile side menu (name, Settings, Admin Portal, Sign Out). */
export function MobileMemberSlot({ member, onSignOut }: { member: CurrentMember; onSignOut: () => void }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const placeholder = (
    <Link to="/settings" className="-mx-3 block rounded-lg px-3 py-3 text-base text-slate-800 hover:bg-slate-100">
      {t("nav.settings")}
    </Link>
  );
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <MobileMemberLinks member={member} onSignOut={onSignOut} />
    </Suspense>
  ) : (
    placeholder
  );
}
