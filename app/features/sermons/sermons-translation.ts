import en, { type SermonsStrings } from "~/i18n/locales/en/sermons";
import es from "~/i18n/locales/es/sermons";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type SermonsT = NamespaceT<SermonsStrings>;

/** The sermons strings: `sermonsTranslator(language)` on the server, `useSermonsTranslation()` in components. */
export const { translator: sermonsTranslator, useNamespaceTranslation: useSermonsTranslation } = defineNamespace<SermonsStrings>({ en, es });
