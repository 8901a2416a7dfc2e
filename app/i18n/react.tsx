import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "./config";
import type { Translation } from "./locales/en";
import { createTranslator, type Translator } from "./translator";

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ language, strings, children }: { language: Language; strings: Translation; children: ReactNode }) {
  const value = useMemo(() => createTranslator(language, strings), [language, strings]);
  return <TranslatorContext.Provider value={value}>{children}</TranslatorContext.Provider>;
}

/** `const { t, i18n } = useTranslation()`: the same shape components used with react-i18next. */
export function useTranslation() {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation must be used within an I18nProvider");
  return { t: translator.t, i18n: { language: translator.language } };
}
