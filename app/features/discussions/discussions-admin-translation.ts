import type { DiscussionsAdminStrings } from "~/i18n/locales/en/discussions-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type DiscussionsAdminT = NamespaceT<DiscussionsAdminStrings>;

/**
 * The discussions strings with their admin and email parts (emails, admin), for the admin
 * pages and the server: `discussionsAdminTranslator(language)`, `useDiscussionsAdminTranslation()`. Public
 * components use the smaller `useDiscussionsTranslation()`.
 */
export const { translator: discussionsAdminTranslator, useNamespaceTranslation: useDiscussionsAdminTranslation } =
  await defineNamespace<DiscussionsAdminStrings>({
    en: () => import("~/i18n/locales/en/discussions-admin"),
    es: () => import("~/i18n/locales/es/discussions-admin"),
  });
