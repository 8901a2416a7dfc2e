import type { SermonsStrings } from "~/i18n/locales/en/sermons";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type SermonsT = NamespaceT<SermonsStrings>;

/** The sermons strings: `sermonsTranslator(language)` on the server, `useSermonsTranslation()` in components. */
export const { translator: sermonsTranslator, useNamespaceTranslation: useSermonsTranslation } = await defineNamespace<SermonsStrings>({
  en: () => import("~/i18n/locales/en/sermons"),
  es: () => import("~/i18n/locales/es/sermons"),
});
