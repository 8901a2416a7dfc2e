import type { VisitStrings } from "~/i18n/locales/en/visit";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type VisitT = NamespaceT<VisitStrings>;

/** The visit strings: `visitTranslator(language)` on the server, `useVisitTranslation()` in components. */
export const { translator: visitTranslator, useNamespaceTranslation: useVisitTranslation } = await defineNamespace<VisitStrings>({
  en: () => import("~/i18n/locales/en/visit"),
  es: () => import("~/i18n/locales/es/visit"),
});
