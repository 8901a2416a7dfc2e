import en, { type PrayerStrings } from "~/i18n/locales/en/prayer";
import es from "~/i18n/locales/es/prayer";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type PrayerT = NamespaceT<PrayerStrings>;

/** The prayer strings: `prayerTranslator(language)` on the server, `usePrayerTranslation()` in components. */
export const { translator: prayerTranslator, useNamespaceTranslation: usePrayerTranslation } = defineNamespace<PrayerStrings>({ en, es });
