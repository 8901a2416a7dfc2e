import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "./config";
import type { Translation } from "./locales/en";

/** Each language is its own chunk: a page loads only the one it is shown in. */
export async function loadTranslation(language: Language): Promise<Translation> {
  const module = language === "es" ? await import("./locales/es") : await import("./locales/en");
  return module.default;
}

/** A fresh instance per request (server) or per page load (browser), ready synchronously. */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadTranslation(language) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
