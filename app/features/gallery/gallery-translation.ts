import type { GalleryStrings } from "~/i18n/locales/en/gallery";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type GalleryT = NamespaceT<GalleryStrings>;

/** The gallery strings: `galleryTranslator(language)` on the server, `useGalleryTranslation()` in components. */
export const { translator: galleryTranslator, useNamespaceTranslation: useGalleryTranslation } = await defineNamespace<GalleryStrings>({
  en: () => import("~/i18n/locales/en/gallery"),
  es: () => import("~/i18n/locales/es/gallery"),
});
