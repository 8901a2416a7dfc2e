import type { AuthStrings } from "~/i18n/locales/en/auth";
import { defineNamespace } from "~/i18n/namespace";
import type { Leaves, TranslationValues } from "~/i18n/translator";

export type AuthMessageKey = Leaves<AuthStrings>;
export type AuthT = (key: AuthMessageKey, values?: TranslationValues) => string;

/** A message the server sends back for the client to show in the visitor's language. */
export interface AuthMessage {
  key: AuthMessageKey;
  values?: TranslationValues;
}

/**
 * The auth strings: `authTranslator(language)` on the server, `useAuthTranslation()` in
 * components (a browser loads only the page's language; see defineNamespace).
 */
export const { translator: authTranslator, useNamespaceTranslation: useAuthTranslation } = await defineNamespace<AuthStrings>({
  en: () => import("~/i18n/locales/en/auth"),
  es: () => import("~/i18n/locales/es/auth"),
});
