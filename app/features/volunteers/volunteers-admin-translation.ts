import type { VolunteersAdminStrings } from "~/i18n/locales/en/volunteers-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type VolunteersAdminT = NamespaceT<VolunteersAdminStrings>;

/**
 * The volunteers strings with their admin and email parts (email, admin), for the admin
 * pages and the server: `volunteersAdminTranslator(language)`, `useVolunteersAdminTranslation()`. Public
 * components use the smaller `useVolunteersTranslation()`.
 */
export const { translator: volunteersAdminTranslator, useNamespaceTranslation: useVolunteersAdminTranslation } =
  await defineNamespace<VolunteersAdminStrings>({
    en: () => import("~/i18n/locales/en/volunteers-admin"),
    es: () => import("~/i18n/locales/es/volunteers-admin"),
  });
