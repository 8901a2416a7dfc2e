import { ChevronDown } from "lucide-react";
import { useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, NavLink, UNSAFE_DataRouterContext, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import { clearGuestMode } from "~/features/auth/guest-mode";
import { loadAuthTranslator } from "~/features/auth/load-auth-translator";
import type { AuthActionData } from "~/features/auth/run-auth-intent.server";
import type { CurrentMember } from "~/features/auth/use-current-member";
import { useTourTranslation } from "~/features/tour/tour-translation";
import { useTranslation } from "~/i18n/react";

/*
 * The signed-in member's menus (a chunk loaded after hydration, for members only).
 */

/**
 * Sign Out: a real form posting `intent=signout` to /auth (so it also works without
 * JavaScript). With JavaScript it goes through a fetcher; once the root loader has
 * revalidated (the header shows the visitor again, this component may already be gone),
 * guest mode is cleared and 'Signed Out' is shown; if the request failed, an 'Error' toast.
 */
function SignOutForm({ className, onSubmit, menuItem }: { className: string; onSubmit?: () => void; menuItem?: boolean }) {
  const { t } = useTranslation();
  const fetcherKey = useId();
  const fetcher = useFetcher<AuthActionData>({ key: fetcherKey });
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return (
    <form
      method="post"
      action="/auth"
      role={menuItem ? "none" : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (fetcher.state !== "idle") return;
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        onSubmit?.();
        void fetcher.submit(new FormData(form, submitter), { method: "post", action: "/auth" }).then(() => {
          // The answer from the router itself: React may not have rendered it (or, signed
          // out, may already have removed this form). No answer (the route's clientAction
          // on a network failure) means still signed in.
          const answer = router?.getFetcher<AuthActionData>(fetcherKey).data;
          if (answer && !answer.ok) {
            loadAuthTranslator().then(
              (at) => toast({ title: at("toast.error"), description: at("errors.generic"), variant: "destructive" }),
              () => toast({ title: t("errors.pageTitle"), variant: "destructive" }),
            );
            return;
          }
          clearGuestMode();
          toast({ title: t("nav.signedOut"), description: t("nav.signedOutBody") });
          // The menu is gone once React has rendered the signed-out header: continue from its
          // Sign In / Join (or the mobile menu button).
          setTimeout(() => {
            if (document.activeElement && document.activeElement !== document.body) return;
            const next = [...document.querySelectorAll<HTMLElement>('header a[href="/auth"], [data-auth-return]')].find(
              (el) => el.getClientRects().length > 0,
            );
            next?.focus();
          }, 100);
        });
      }}
    >
      <button
        type="submit"
        name="intent"
        value="signout"
        role={menuItem ? "menuitem" : undefined}
        tabIndex={menuItem ? -1 : undefined}
        className={className}
      >
        {t("nav.signOut")}
      </button>
    </form>
  );
}

// As the placeholder in header-auth.tsx (not imported: that module is in the first-load bundle).
const memberButtonClass =
  "inline-flex min-h-11 max-w-52 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-black/5";

const itemClass = "flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50";

/**
 * The member menu of the desktop header, as a WAI-ARIA menu button: the member's name and
 * email, then Settings, the Admin Portal for admins, and Sign Out. Opening moves focus to
 * the first item; ↓/↑ (wrapping), Home/End move; Escape closes and returns to the button;
 * Tab or a click elsewhere closes it.
 */
export function MemberMenu({
  member,
  claimFocus,
  onTakeTour,
}: {
  member: CurrentMember;
  claimFocus?: () => boolean;
  /** "Take the tour" (the guided tour's `useTour().start`, passed by header-auth.tsx). */
  onTakeTour: () => void;
}) {
  const { t } = useTranslation();
  const { t: tourT } = useTourTranslation();
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  // Replacing a focused placeholder: keep the focus here rather than on <body>.
  useLayoutEffect(() => {
    if (claimFocus?.()) buttonRef.current?.focus();
  }, [claimFocus]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list[((index % list.length) + list.length) % list.length]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowDown" ? 0 : -1);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 }[event.key];
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    } else if (next !== undefined) {
      event.preventDefault();
      focusItem(next);
    }
  };

  const contact = member.email ?? member.phone;
  return (
    <div
      ref={boxRef}
      className="relative"
      onBlur={(event) => {
        if (!boxRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        data-auth-return=""
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("nav.accountMenu", { name: member.name })}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={memberButtonClass}
      >
        <span className="truncate">{member.name}</span>
        <ChevronDown aria-hidden="true" className={`h-4 w-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div hidden={!open} className="absolute right-0 top-full z-40 mt-1 w-72 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200">
        <div className="border-b border-slate-200 px-3 pb-2 pt-1">
          <p className="truncate font-semibold text-slate-900">{member.name}</p>
          {contact ? <p className="truncate text-sm text-slate-600">{contact}</p> : null}
        </div>
        <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown} className="mt-1">
          <li role="none">
            <Link to="/settings" role="menuitem" tabIndex={-1} className={itemClass}>
              {t("nav.settings")}
            </Link>
          </li>
          {member.roles.includes("admin") ? (
            <li role="none">
              <Link to="/admin" role="menuitem" tabIndex={-1} className={itemClass}>
                {t("nav.adminPortal")}
              </Link>
            </li>
          ) : null}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => {
                close(true);
                onTakeTour();
              }}
            >
              {tourT("takeTour")}
            </button>
          </li>
          <li role="none">
            <SignOutForm menuItem className={itemClass} onSubmit={() => close(true)} />
          </li>
        </ul>
      </div>
    </div>
  );
}

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100"}`;

/** The member links of the mobile side menu. */
export function MobileMemberLinks({
  member,
  onSignOut,
  onTakeTour,
}: {
  member: CurrentMember;
  onSignOut: () => void;
  onTakeTour: () => void;
}) {
  const { t } = useTranslation();
  const { t: tourT } = useTourTranslation();
  return (
    <>
      <ul className="-mx-3 space-y-1">
        <li>
          <NavLink to="/settings" className={mobileLinkClass}>
            {t("nav.settings")}
          </NavLink>
        </li>
        {member.roles.includes("admin") ? (
          <li>
            <NavLink to="/admin" className={mobileLinkClass}>
              {t("nav.adminPortal")}
            </NavLink>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className={`${mobileLinkClass({ isActive: false })} w-full text-left`}
            onClick={(event) => {
              // The side menu is a modal dialog: close it (focus returns to its button) first.
              event.currentTarget.closest("dialog")?.close();
              onTakeTour();
            }}
          >
            {tourT("takeTour")}
          </button>
        </li>
      </ul>
      <SignOutForm
        onSubmit={onSignOut}
        className="flex min-h-11 w-full items-center justify-center rounded-full border border-slate-400 px-5 font-semibold text-slate-900 hover:bg-slate-100"
      />
    </>
  );
}
