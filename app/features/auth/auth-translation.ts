import { useMemo } from "react";
import type { Language } from "~/i18n/config";
import en, { type AuthStrings } from "~/i18n/locales/en/auth";
import es from "~/i18n/locales/es/auth";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";

export type AuthMessageKey = Leaves<AuthStrings>;
export type AuthT = (key: AuthMessageKey, values?: TranslationValues) => string;

/** A message the server sends back for the client to show in the visitor's language. */
export interface AuthMessage {
  key: AuthMessageKey;
  values?: TranslationValues;
}

const tables: Record<Language, AuthStrings> = { en, es };

export function authTranslator(language: Language): AuthT {
  return createLookup(tables[language]);
}

/** Auth strings in the page's language; only auth chunks import this (and its two tables). */
export function useAuthTranslation(): { t: AuthT; language: Language } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo(() => authTranslator(language), [language]);
  return { t, language };
}
