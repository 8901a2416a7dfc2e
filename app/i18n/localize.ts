import type { Language } from "~/i18n/config";

/** The Spanish text when there is one; a missing Spanish field falls back to English. */
export function localize(language: Language, en: string, es: string | null | undefined): string {
  return language === "es" && es ? es : en;
}

export function localizeOptional(language: Language, en: string | null | undefined, es: string | null | undefined): string | null {
  return (language === "es" && es ? es : en) ?? null;
}
