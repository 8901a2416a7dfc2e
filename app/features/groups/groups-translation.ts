import en, { type GroupsStrings } from "~/i18n/locales/en/groups";
import es from "~/i18n/locales/es/groups";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GroupsT = NamespaceT<GroupsStrings>;

/** The groups strings: `groupsTranslator(language)` on the server, `useGroupsTranslation()` in components. */
export const { translator: groupsTranslator, useNamespaceTranslation: useGroupsTranslation } = defineNamespace<GroupsStrings>({ en, es });
