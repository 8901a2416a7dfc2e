import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { NavLink, useLocation } from "react-router";
import { mainLinks, resourceLinks } from "~/features/navigation/site-links";
import { LanguageSwitcher } from "./language-switcher";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100"}`;

/** The side menu below the desktop breakpoint: a native modal dialog (focus trap, Escape). */
export function MobileMenu() {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    dialogRef.current?.close();
  }, [location.pathname]);

  return (
    <>
      <button
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-black/5 xl:hidden"
        aria-haspopup="dialog"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
        <span className="sr-only">{t("nav.openMenu")}</span>
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="mobile-menu-title"
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
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-100"
          >
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
          <h3 className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-600">
            {t("nav.resources")}
          </h3>
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
            <NavLink to="/auth" className="flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
              {t("nav.signInJoin")}
            </NavLink>
            <LanguageSwitcher className="w-full justify-center border border-slate-300" />
          </div>
        </nav>
      </dialog>
    </>
  );
}
