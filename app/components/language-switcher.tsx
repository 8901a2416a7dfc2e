import { Languages } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import { sameSitePath } from "~/lib/same-site-path";
import { languageCookieName, type Language } from "~/i18n/config";

/**
 * Switching language is a full page load of the same path with `?lang=`: the server renders
 * the new language from the first byte and remembers it in a cookie. The path is the request's
 * own, so it is made same-site first: on `//evil.example/phish` the link must not be to
 * `//evil.example/phish?lang=es`, another host to the browser (issue 32 item 6).
 */
export function LanguageSwitcher({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (i18n.language === "es" ? "es" : "en") as Language;
  const target: Language = current === "es" ? "en" : "es";
  const here = sameSitePath(`${location.pathname}${location.search}`);
  const query = here.indexOf("?");
  const params = new URLSearchParams(query === -1 ? "" : here.slice(query));
  params.set("lang", target);
  const href = `${query === -1 ? here : here.slice(0, query)}?${params.toString()}${location.hash}`;

  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      data-tour={compact ? "language" : undefined}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-black/5 ${className}`}
      onClick={() => {
        try {
          window.localStorage.setItem(languageCookieName, target);
        } catch {
          // storage unavailable: the cookie set by the server still remembers the choice
        }
      }}
    >
      <Languages aria-hidden="true" className="h-5 w-5" />
      {compact ? (
        <>
          <span aria-hidden="true">{t("language.switchToShort")}</span>
          <span className="sr-only">{t("language.switchTo")}</span>
        </>
      ) : (
        <span>{t("language.switchTo")}</span>
      )}
    </a>
  );
}
