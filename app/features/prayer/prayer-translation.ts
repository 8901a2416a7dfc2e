import type { PrayerStrings } from "~/i18n/locales/en/prayer";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type PrayerT = NamespaceT<PrayerStrings>;

/** The prayer strings: `prayerTranslator(language)` on the server, `usePrayerTranslation()` in components. */
export const { translator: prayerTranslator, useNamespaceTranslation: usePrayerTranslation } = await defineNamespace<PrayerStrings>({
  en: () => import("~/i18n/locales/en/prayer"),
  es: () => import("~/i18n/locales/es/prayer"),
});
