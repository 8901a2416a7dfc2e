import { useMemo } from "react";
import type { Language } from "~/i18n/config";
import en, { type AdminStrings } from "~/i18n/locales/en/admin";
import es from "~/i18n/locales/es/admin";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";

export type AdminMessageKey = Leaves<AdminStrings>;
export type AdminT = (key: AdminMessageKey, values?: TranslationValues) => string;

/** A message the server sends back for the page to show in the admin's language. */
export interface AdminMessage {
  key: AdminMessageKey;
  values?: TranslationValues;
}

const tables: Record<Language, AdminStrings> = { en, es };

export function adminTranslator(language: Language): AdminT {
  return createLookup(tables[language]);
}

/** Admin strings in the page's language; only admin route chunks import this. */
export function useAdminTranslation(): { t: AdminT; language: Language } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo(() => adminTranslator(language), [language]);
  return { t, language };
}
