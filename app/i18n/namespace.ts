import { useMemo } from "react";
import type { Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";

export type NamespaceT<S> = (key: Leaves<S>, values?: TranslationValues) => string;

/**
 * A string table kept out of the main locale chunk (sermons, watch, study, groups, membership):
 * only the routes that import its translation module load it. Returns the server-side
 * translator and the hook for components, both typed by the English table.
 */
export function defineNamespace<S>(tables: Record<Language, S>) {
  const translator = (language: Language): NamespaceT<S> => createLookup(tables[language]);
  function useNamespaceTranslation(): { t: NamespaceT<S>; language: Language } {
    const { i18n } = useTranslation();
    const language = i18n.language;
    const t = useMemo(() => translator(language), [language]);
    return { t, language };
  }
  return { translator, useNamespaceTranslation };
}
