import type { PrivacyStrings } from "~/i18n/locales/en/privacy";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type PrivacyT = NamespaceT<PrivacyStrings>;

/** The privacy strings: `privacyTranslator(language)` on the server, `usePrivacyTranslation()` in components. */
export const { translator: privacyTranslator, useNamespaceTranslation: usePrivacyTranslation } = await defineNamespace<PrivacyStrings>({
  en: () => import("~/i18n/locales/en/privacy"),
  es: () => import("~/i18n/locales/es/privacy"),
});
