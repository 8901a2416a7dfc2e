import type { WatchStrings } from "~/i18n/locales/en/watch";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type WatchT = NamespaceT<WatchStrings>;

/** The watch strings: `watchTranslator(language)` on the server, `useWatchTranslation()` in components. */
export const { translator: watchTranslator, useNamespaceTranslation: useWatchTranslation } = await defineNamespace<WatchStrings>({
  en: () => import("~/i18n/locales/en/watch"),
  es: () => import("~/i18n/locales/es/watch"),
});
