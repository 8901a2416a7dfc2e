import { LogIn } from "lucide-react";
import { useLocation } from "react-router";
import { sameSitePath } from "~/lib/same-site-path";
import { useTranslation } from "~/i18n/react";
import type { AuthTab } from "./auth-tab";
import { SignInLink } from "./header-auth";

/**
 * What a member feature shows to visitors and guests (spec: member features prompt
 * sign-in): 'Sign in to use this feature.' and a Sign In button that opens the auth dialog
 * (without JavaScript, the /auth page, which comes back here afterwards). Strings are in the
 * main locale so pages can render it without loading the auth strings.
 */
export function SignInPrompt({ tab = "signin", className = "" }: { tab?: AuthTab; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div
      className={`flex flex-col items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="text-slate-800">{t("common.signInToUse")}</p>
      <SignInLink
        tab={tab}
        redirectTo={sameSitePath(location.pathname + location.search)}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        <LogIn aria-hidden="true" className="h-4 w-4" />
        {t("nav.signIn")}
      </SignInLink>
    </div>
  );
}
