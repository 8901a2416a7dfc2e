import type { AssistantStrings } from "~/i18n/locales/en/assistant";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type AssistantT = NamespaceT<AssistantStrings>;

/** The assistant strings: `assistantTranslator(language)` on the server, `useAssistantTranslation()` in components. */
export const { translator: assistantTranslator, useNamespaceTranslation: useAssistantTranslation } =
  await defineNamespace<AssistantStrings>({
    en: () => import("~/i18n/locales/en/assistant"),
    es: () => import("~/i18n/locales/es/assistant"),
  });
