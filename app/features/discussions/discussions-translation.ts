import type { DiscussionsStrings } from "~/i18n/locales/en/discussions";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type DiscussionsT = NamespaceT<DiscussionsStrings>;

/** The discussions strings: `discussionsTranslator(language)` on the server, `useDiscussionsTranslation()` in components. */
export const { translator: discussionsTranslator, useNamespaceTranslation: useDiscussionsTranslation } =
  await defineNamespace<DiscussionsStrings>({
    en: () => import("~/i18n/locales/en/discussions"),
    es: () => import("~/i18n/locales/es/discussions"),
  });
