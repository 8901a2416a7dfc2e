import { ChevronDown, UserRound } from "lucide-react";
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react";
import { Link } from "react-router";
import { isGuestMode, subscribeGuestMode } from "~/features/auth/guest-mode";
import type { CurrentMember } from "~/features/auth/use-current-member";
import { useTour } from "~/features/tour/tour-context";
import { useTranslation } from "~/i18n/react";
import type * as MemberUiModule from "./member-ui";
import type { AuthTab } from "./auth-tab";
import { openAuthDialog, preloadAuthDialog } from "./open-auth-dialog";

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

/**
 * Shown to guests (spec: guests see 'Guest Mode' and a Sign In button). `compact`: below
 * 640 px an icon, with the words for screen readers and as its tooltip (one text node, so
 * the banner still holds one 'Guest Mode').
 */
export function GuestBadge({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t("nav.guestMode");
  return (
    <span
      title={compact ? label : undefined}
      className={`items-center gap-1 whitespace-nowrap rounded-full bg-slate-100 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ${compact ? "px-1.5 sm:px-2.5" : "px-2.5"} ${className}`}
    >
      {compact ? <UserRound aria-hidden="true" className="h-4 w-4 shrink-0 sm:hidden" /> : null}
      <span className={compact ? "max-sm:sr-only" : undefined}>{label}</span>
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

type MemberUi = typeof MemberUiModule;
/** The member menu chunk once loaded: rendered directly then, without a Suspense fallback. */
let memberUi: MemberUi | null = null;
export const loadMemberUi = (): Promise<MemberUi> =>
  import("./member-ui").then((module) => {
    memberUi = module;
    return module;
  });
const LazyMemberMenu = lazy(() => loadMemberUi().then((m) => ({ default: m.MemberMenu })));
const MobileMemberLinks = lazy(() => loadMemberUi().then((m) => ({ default: m.MobileMemberLinks })));

/*
 * The placeholder that last had focus. Focus can land on it (after signing in, focus moves
 * to the account menu's place in the header) just before the real menu replaces it: the
 * menu then takes the focus over instead of leaving it on <body>.
 */
let focusedPlaceholder: HTMLElement | null = null;
const claimPlaceholderFocus = (): boolean => {
  const had = focusedPlaceholder;
  focusedPlaceholder = null;
  const active = document.activeElement;
  return had !== null && !had.isConnected && (active === null || active === document.body);
};

const memberButtonClass =
  "inline-flex min-h-11 max-w-52 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-black/5";

/**
 * The signed-in member's menu button. Server-rendered (and until its chunk arrives) as a
 * link to /settings with the member's name, which is also what works without JavaScript.
 */
export function MemberMenuSlot({ member }: { member: CurrentMember }) {
  const hydrated = useHydrated();
  const tour = useTour();
  // Chosen once per mount (switching would remount the menu): the loaded module if any.
  const [MemberMenu] = useState(() => memberUi?.MemberMenu ?? LazyMemberMenu);
  const placeholder = (
    <Link
      to="/settings"
      data-auth-return=""
      className={memberButtonClass}
      onFocus={(event) => {
        focusedPlaceholder = event.currentTarget;
      }}
      onBlur={(event) => {
        // Focus moved on to another element (not: the placeholder was removed while focused).
        if (event.relatedTarget) focusedPlaceholder = null;
      }}
    >
      <span className="truncate">{member.name}</span>
      <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
    </Link>
  );
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <MemberMenu member={member} claimFocus={claimPlaceholderFocus} onTakeTour={tour.start} />
    </Suspense>
  ) : (
    placeholder
  );
}

/** The member part of the mobile side menu (name, Settings, Admin Portal, Sign Out). */
export function MobileMemberSlot({ member, onSignOut }: { member: CurrentMember; onSignOut: () => void }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const tour = useTour();
  const placeholder = (
    <Link to="/settings" className="-mx-3 block rounded-lg px-3 py-3 text-base text-slate-800 hover:bg-slate-100">
      {t("nav.settings")}
    </Link>
  );
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <MobileMemberLinks member={member} onSignOut={onSignOut} onTakeTour={tour.start} />
    </Suspense>
  ) : (
    placeholder
  );
}
