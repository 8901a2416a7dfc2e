import type { VolunteersStrings } from "~/i18n/locales/en/volunteers";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type VolunteersT = NamespaceT<VolunteersStrings>;

/** The volunteers strings: `volunteersTranslator(language)` on the server, `useVolunteersTranslation()` in components. */
export const { translator: volunteersTranslator, useNamespaceTranslation: useVolunteersTranslation } =
  await defineNamespace<VolunteersStrings>({
    en: () => import("~/i18n/locales/en/volunteers"),
    es: () => import("~/i18n/locales/es/volunteers"),
  });
