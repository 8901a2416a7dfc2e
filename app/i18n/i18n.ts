import type { Language } from "./config";
import type { Translation } from "./locales/en";

/** Each language is its own chunk: a page loads only the one it is shown in. */
export async function loadTranslation(language: Language): Promise<Translation> {
  const module = language === "es" ? await import("./locales/es") : await import("./locales/en");
  return module.default;
}
