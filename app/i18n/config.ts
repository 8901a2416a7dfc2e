export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";
/** Cookie holding the visitor's explicit choice; mirrored to localStorage under the same name. */
export const languageCookieName = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The page's language, as the server rendered it into `<html lang>` ("en" on the server). */
export function pageLanguage(): Language {
  const lang = typeof document === "undefined" ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}

/** BCP 47 tags for Intl formatting and Open Graph locales. */
export const languageLocales: Record<Language, string> = { en: "en-US", es: "es-US" };
