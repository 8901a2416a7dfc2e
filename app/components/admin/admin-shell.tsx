import { LayoutDashboard, LogOut, Menu, ShieldCheck, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { adminSectionHref, type AdminSection } from "~/platform/admin/admin-sections";
import type { AdminT } from "~/platform/admin/admin-translation";

/**
 * The admin portal's frame: a top bar (portal name, language, session, log out) and the
 * sections the admin's scopes allow, as a sidebar on wide screens and a menu on a phone.
 */
export function AdminShell({
  t,
  churchName,
  adminName,
  sections,
  children,
}: {
  t: AdminT;
  churchName: string;
  adminName: string;
  sections: AdminSection[];
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const location = useLocation();
  // Choosing a section on a phone closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const nav = (
    <ul className="grid gap-1">
      {sections.map((section) => (
        <li key={section.id}>
          <NavLink
            to={adminSectionHref(section)}
            end={section.path === ""}
            className={({ isActive }) =>
              `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium ${
                isActive ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-200"
              }`
            }
          >
            {t(`sections.${section.id}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex min-h-14 items-center gap-2 px-3 sm:px-4">
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
            <span className="sr-only">{open ? t("portal.closeMenu") : t("portal.menu")}</span>
          </button>
          <NavLink to="/admin" end className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-1 font-semibold text-brand-800">
            <LayoutDashboard aria-hidden="true" className="h-5 w-5 shrink-0" />
            <span className="truncate">
              <span className="hidden sm:inline">{churchName} · </span>
              {t("portal.title")}
            </span>
          </NavLink>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher compact className="text-slate-800" />
            <NavLink
              to="/admin/session-update"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              <ShieldCheck aria-hidden="true" className="h-5 w-5" />
              <span className="hidden max-w-40 truncate md:inline">{adminName}</span>
              <span className="sr-only md:hidden">{t("portal.session")}</span>
            </NavLink>
            <Form method="post" action="/admin/session-update">
              <input type="hidden" name="intent" value="logout" />
              <button
                type="submit"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                <LogOut aria-hidden="true" className="h-5 w-5" />
                <span className="sr-only sm:not-sr-only">{t("portal.logout")}</span>
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-[90rem]">
        <nav
          id={navId}
          aria-label={t("portal.navLabel")}
          className={`${open ? "block" : "hidden"} fixed inset-x-0 bottom-0 top-14 z-20 overflow-y-auto border-r border-slate-200 bg-slate-50 p-3 lg:sticky lg:top-14 lg:block lg:h-[calc(100vh-3.5rem)] lg:w-64 lg:shrink-0 lg:bg-transparent`}
        >
          {nav}
          <a href="/" className="mt-4 flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-brand-800 hover:bg-slate-200">
            {t("portal.viewSite")}
          </a>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
