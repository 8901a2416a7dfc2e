import type { TourStrings } from "~/i18n/locales/en/tour";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type TourT = NamespaceT<TourStrings>;

/** The tour strings: `tourTranslator(language)` on the server, `useTourTranslation()` in components. */
export const { translator: tourTranslator, useNamespaceTranslation: useTourTranslation } = await defineNamespace<TourStrings>({
  en: () => import("~/i18n/locales/en/tour"),
  es: () => import("~/i18n/locales/es/tour"),
});
