import en, { type VisitStrings } from "~/i18n/locales/en/visit";
import es from "~/i18n/locales/es/visit";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type VisitT = NamespaceT<VisitStrings>;

/** The visit strings: `visitTranslator(language)` on the server, `useVisitTranslation()` in components. */
export const { translator: visitTranslator, useNamespaceTranslation: useVisitTranslation } = defineNamespace<VisitStrings>({ en, es });
