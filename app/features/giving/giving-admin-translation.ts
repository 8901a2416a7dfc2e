import type { GivingAdminStrings } from "~/i18n/locales/en/giving-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GivingAdminT = NamespaceT<GivingAdminStrings>;

/**
 * The giving strings with their admin and email parts (email, admin), for the admin pages and
 * the server: `givingAdminTranslator(language)`, `useGivingAdminTranslation()`. Public components use the
 * smaller `useGivingTranslation()`.
 */
export const { translator: givingAdminTranslator, useNamespaceTranslation: useGivingAdminTranslation } =
  await defineNamespace<GivingAdminStrings>({
    en: () => import("~/i18n/locales/en/giving-admin"),
    es: () => import("~/i18n/locales/es/giving-admin"),
  });
