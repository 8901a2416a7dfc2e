import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { NavLink, useLocation } from "react-router";
import { useCurrentMember } from "~/features/auth/use-current-member";
import { mainLinks, resourceLinks } from "~/features/navigation/site-links";
import { DialogToasts, registerToastHost } from "./ui/toaster";
import { GuestBadge, MobileMemberSlot, SignInLink, useGuestMode } from "./auth/header-auth";
import { LanguageSwitcher } from "./language-switcher";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100"}`;

/**
 * The side menu's panel (lazy chunk, mounted by MobileMenu when its button is pressed): a
 * native modal dialog (focus trap, Escape, the page behind inert), opened on mount. Any way of
 * closing it (close button, Escape, the backdrop, following a link) ends in its `close`
 * event, where the browser returns focus to the menu button and `onClose` unmounts it.
 */
export default function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  const member = useCurrentMember();
  const guest = useGuestMode();
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The page behind is inert: a toast shown meanwhile renders in the menu.
    const unregister = registerToastHost(dialog);
    dialog.addEventListener("close", unregister);
    return () => {
      dialog.removeEventListener("close", unregister);
      unregister();
    };
  }, []);

  // A link followed (a new page): the menu closes.
  useEffect(() => {
    if (pathname !== openedAt.current) dialogRef.current?.close();
  }, [pathname]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="mobile-menu-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes the menu.
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
      className="m-0 ml-auto h-dvh max-h-none w-[85vw] max-w-sm overflow-y-auto bg-white p-0 text-slate-900 shadow-2xl"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="mobile-menu-title" className="text-lg font-bold">
          {t("nav.menuTitle")}
        </h2>
        <button type="button" onClick={close} className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-100">
          <X aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">{t("nav.closeMenu")}</span>
        </button>
      </div>
      <nav aria-label={t("nav.mainLabel")} className="px-3 py-4">
        <ul className="space-y-1">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass}>
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-600">{t("nav.resources")}</h3>
        <ul className="mt-2 space-y-1">
          {resourceLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-6 space-y-3 border-t border-slate-200 px-3 pt-6">
          {member ? (
            <>
              <div className="min-w-0">
                <p className="truncate font-semibold">{member.name}</p>
                {(member.email ?? member.phone) ? <p className="truncate text-sm text-slate-600">{member.email ?? member.phone}</p> : null}
              </div>
              <MobileMemberSlot member={member} onSignOut={close} />
            </>
          ) : (
            <>
              {guest ? <GuestBadge className="inline-flex" /> : null}
              <SignInLink
                onOpen={close}
                className="flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
              >
                {t(guest ? "nav.signIn" : "nav.signInJoin")}
              </SignInLink>
            </>
          )}
          <LanguageSwitcher className="w-full justify-center border border-slate-300" />
        </div>
      </nav>
      <DialogToasts closeLabel={t("common.close")} />
    </dialog>
  );
}
