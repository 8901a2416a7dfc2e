import { use, useMemo } from "react";
import { languages, pageLanguage, type Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";

export type NamespaceT<S> = (key: Leaves<S>, values?: TranslationValues) => string;

// In config.ts, so the lazily loaded dialogs can use it without this module.
export { pageLanguage };

/**
 * A string table kept out of the main locale chunk (sermons, watch, study, groups, prayer…):
 * only the routes that import its translation module load it, and each language is its own
 * chunk. The server holds both languages; a browser loads the page's language before the
 * route module finishes loading (the translation modules `await` this), and another one on
 * demand (the hook suspends until it is there). Returns the translator and the hook for
 * components, both typed by the English table.
 */
export async function defineNamespace<S>(loaders: Record<Language, () => Promise<{ default: S }>>) {
  const tables: Partial<Record<Language, S>> = {};
  const pending = new Map<Language, Promise<S>>();
  const load = (language: Language): Promise<S> => {
    let loading = pending.get(language);
    if (!loading) {
      loading = loaders[language]().then((module) => (tables[language] = module.default));
      loading.catch(() => pending.delete(language));
      pending.set(language, loading);
    }
    return loading;
  };
  await Promise.all(typeof document === "undefined" ? languages.map(load) : [load(pageLanguage())]);

  const translator = (language: Language): NamespaceT<S> => {
    const table = tables[language];
    if (table === undefined) throw new Error(`strings for "${language}" are not loaded yet`);
    return createLookup<S>(table);
  };
  function useNamespaceTranslation(): { t: NamespaceT<S>; language: Language } {
    const { i18n } = useTranslation();
    const language = i18n.language;
    const table: S = tables[language] ?? use(load(language));
    const t = useMemo(() => createLookup<S>(table), [table]);
    return { t, language };
  }
  return { translator, useNamespaceTranslation };
}
