import { pageLanguage, type Language } from "~/i18n/config";
import { createLookup } from "~/i18n/translator";
import type { AuthT } from "./auth-translation";

const cache = new Map<Language, Promise<AuthT>>();

/**
 * The auth strings of one language, as its own chunk. The lazily loaded dialogs use this
 * (half the bytes of `useAuthTranslation()`, which bundles both tables for the pages that
 * render auth strings on the server).
 */
export function loadAuthTranslator(language: Language = pageLanguage()): Promise<AuthT> {
  let loading = cache.get(language);
  if (!loading) {
    loading = (language === "es" ? import("~/i18n/locales/es/auth") : import("~/i18n/locales/en/auth")).then((module) =>
      createLookup(module.default),
    );
    loading.catch(() => cache.delete(language));
    cache.set(language, loading);
  }
  return loading;
}
