import type { PrayerAdminStrings } from "~/i18n/locales/en/prayer-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type PrayerAdminT = NamespaceT<PrayerAdminStrings>;

/**
 * The prayer strings with their admin and email parts (emails, admin), for the admin
 * pages and the server: `prayerAdminTranslator(language)`, `usePrayerAdminTranslation()`. Public
 * components use the smaller `usePrayerTranslation()`.
 */
export const { translator: prayerAdminTranslator, useNamespaceTranslation: usePrayerAdminTranslation } =
  await defineNamespace<PrayerAdminStrings>({
    en: () => import("~/i18n/locales/en/prayer-admin"),
    es: () => import("~/i18n/locales/es/prayer-admin"),
  });
