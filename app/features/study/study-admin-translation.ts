import type { StudyAdminStrings } from "~/i18n/locales/en/study-admin";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type StudyAdminT = NamespaceT<StudyAdminStrings>;

/**
 * The study strings with their admin and email parts (admin), for the admin
 * pages and the server: `studyAdminTranslator(language)`, `useStudyAdminTranslation()`. Public
 * components use the smaller `useStudyTranslation()`.
 */
export const { translator: studyAdminTranslator, useNamespaceTranslation: useStudyAdminTranslation } =
  await defineNamespace<StudyAdminStrings>({
    en: () => import("~/i18n/locales/en/study-admin"),
    es: () => import("~/i18n/locales/es/study-admin"),
  });
