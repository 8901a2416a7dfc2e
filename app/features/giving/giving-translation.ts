import type { GivingStrings } from "~/i18n/locales/en/giving";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GivingT = NamespaceT<GivingStrings>;

/** The giving strings: `givingTranslator(language)` on the server, `useGivingTranslation()` in components. */
export const { translator: givingTranslator, useNamespaceTranslation: useGivingTranslation } = await defineNamespace<GivingStrings>({
  en: () => import("~/i18n/locales/en/giving"),
  es: () => import("~/i18n/locales/es/giving"),
});
