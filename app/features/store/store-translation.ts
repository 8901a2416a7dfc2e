import type { StoreStrings } from "~/i18n/locales/en/store";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type StoreT = NamespaceT<StoreStrings>;

/** The store strings: `storeTranslator(language)` on the server, `useStoreTranslation()` in components. */
export const { translator: storeTranslator, useNamespaceTranslation: useStoreTranslation } = await defineNamespace<StoreStrings>({
  en: () => import("~/i18n/locales/en/store"),
  es: () => import("~/i18n/locales/es/store"),
});
