import type { StoreAdminStrings } from "~/i18n/locales/en/store-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type StoreAdminT = NamespaceT<StoreAdminStrings>;

/**
 * The store strings with their admin and email parts (email, admin), for the admin pages and
 * the server: `storeAdminTranslator(language)`, `useStoreAdminTranslation()`. Public components use the
 * smaller `useStoreTranslation()`.
 */
export const { translator: storeAdminTranslator, useNamespaceTranslation: useStoreAdminTranslation } =
  await defineNamespace<StoreAdminStrings>({
    en: () => import("~/i18n/locales/en/store-admin"),
    es: () => import("~/i18n/locales/es/store-admin"),
  });
