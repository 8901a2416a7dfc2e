import type { GroupsAdminStrings } from "~/i18n/locales/en/groups-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GroupsAdminT = NamespaceT<GroupsAdminStrings>;

/**
 * The groups strings with their admin and email parts (emails, admin), for the admin
 * pages and the server: `groupsAdminTranslator(language)`, `useGroupsAdminTranslation()`. Public
 * components use the smaller `useGroupsTranslation()`.
 */
export const { translator: groupsAdminTranslator, useNamespaceTranslation: useGroupsAdminTranslation } =
  await defineNamespace<GroupsAdminStrings>({
    en: () => import("~/i18n/locales/en/groups-admin"),
    es: () => import("~/i18n/locales/es/groups-admin"),
  });
