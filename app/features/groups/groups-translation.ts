import type { GroupsStrings } from "~/i18n/locales/en/groups";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GroupsT = NamespaceT<GroupsStrings>;

/** The groups strings: `groupsTranslator(language)` on the server, `useGroupsTranslation()` in components. */
export const { translator: groupsTranslator, useNamespaceTranslation: useGroupsTranslation } = await defineNamespace<GroupsStrings>({
  en: () => import("~/i18n/locales/en/groups"),
  es: () => import("~/i18n/locales/es/groups"),
});
