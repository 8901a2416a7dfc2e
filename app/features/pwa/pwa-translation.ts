import type { PwaStrings } from "~/i18n/locales/en/pwa";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type PwaT = NamespaceT<PwaStrings>;

/** The pwa strings: `pwaTranslator(language)` on the server, `usePwaTranslation()` in components. */
export const { translator: pwaTranslator, useNamespaceTranslation: usePwaTranslation } = await defineNamespace<PwaStrings>({
  en: () => import("~/i18n/locales/en/pwa"),
  es: () => import("~/i18n/locales/es/pwa"),
});
