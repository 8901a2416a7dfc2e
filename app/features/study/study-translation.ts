import type { StudyStrings } from "~/i18n/locales/en/study";
import { defineNamespace, type NamespaceT } from "~/i18n/namespace";

export type StudyT = NamespaceT<StudyStrings>;

/** The study strings: `studyTranslator(language)` on the server, `useStudyTranslation()` in components. */
export const { translator: studyTranslator, useNamespaceTranslation: useStudyTranslation } = await defineNamespace<StudyStrings>({
  en: () => import("~/i18n/locales/en/study"),
  es: () => import("~/i18n/locales/es/study"),
});
