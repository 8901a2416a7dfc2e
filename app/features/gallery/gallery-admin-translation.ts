import type { GalleryAdminStrings } from "~/i18n/locales/en/gallery-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GalleryAdminT = NamespaceT<GalleryAdminStrings>;

/**
 * The gallery strings with their admin and email parts (moderation, admin, emails), for the admin
 * pages and the server: `galleryAdminTranslator(language)`, `useGalleryAdminTranslation()`. Public
 * components use the smaller `useGalleryTranslation()`.
 */
export const { translator: galleryAdminTranslator, useNamespaceTranslation: useGalleryAdminTranslation } =
  await defineNamespace<GalleryAdminStrings>({
    en: () => import("~/i18n/locales/en/gallery-admin"),
    es: () => import("~/i18n/locales/es/gallery-admin"),
  });
