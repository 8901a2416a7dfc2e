import { PlayCircle } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link, NavLink } from "react-router";
import { useCurrentMember } from "~/features/auth/use-current-member";
import { mainLinks } from "~/features/navigation/site-links";
import { GuestBadge, MemberMenuSlot, SignInLink, useGuestMode } from "./auth/header-auth";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";
import { ResourcesMenu } from "./resources-menu";

export function SiteHeader({ churchName, logoUrl = null }: { churchName: string; logoUrl?: string | null }) {
  const { t } = useTranslation();
  const member = useCurrentMember();
  const guest = useGuestMode();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link to="/" data-tour="home" className="mr-auto flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-2 xl:mr-2">
          <img src={logoUrl ?? "/logo.svg"} alt="" width={36} height={36} className="h-9 w-9 shrink-0 object-contain" />
          <span aria-hidden="true" className="truncate font-serif text-base font-bold text-brand-800 sm:text-lg xl:hidden 2xl:inline">
            {churchName}
          </span>
          <span className="sr-only">{t("nav.homeLink", { name: churchName })}</span>
        </Link>
        <nav aria-label={t("nav.mainLabel")} className="hidden xl:block">
          <ul data-tour="mainNav" className="flex items-center gap-0.5">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-2.5 text-sm font-medium hover:bg-black/5 ${isActive ? "text-brand-700 underline decoration-2 underline-offset-8" : ""}`
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
            <li data-tour="resources">
              <ResourcesMenu />
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitcher compact />
          <Link
            to="/watch"
            data-tour="watchLive"
            className="hidden min-h-11 items-center gap-2 whitespace-nowrap rounded-full bg-accent-400 px-4 text-sm font-semibold text-slate-950 hover:bg-accent-500 sm:inline-flex"
          >
            <PlayCircle aria-hidden="true" className="h-5 w-5" />
            {t("nav.watchLive")}
          </Link>
          {member ? (
            <div data-tour="account" className="hidden xl:block">
              <MemberMenuSlot member={member} />
            </div>
          ) : (
            <>
              {/* A guest sees 'Guest Mode' and Sign In at every width (spec); below 640 px both compact. */}
              {guest ? <GuestBadge compact className="inline-flex" /> : null}
              <SignInLink
                className={`${guest ? "inline-flex px-3 sm:px-4" : "hidden px-4 xl:inline-flex"} min-h-11 items-center whitespace-nowrap rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800`}
              >
                {t(guest ? "nav.signIn" : "nav.signInJoin")}
              </SignInLink>
            </>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
