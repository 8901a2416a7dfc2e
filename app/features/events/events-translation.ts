import { useMemo } from "react";
import type { Language } from "~/i18n/config";
import en, { type EventsStrings } from "~/i18n/locales/en/events";
import es from "~/i18n/locales/es/events";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";

export type EventsMessageKey = Leaves<EventsStrings>;
export type EventsT = (key: EventsMessageKey, values?: TranslationValues) => string;

const tables: Record<Language, EventsStrings> = { en, es };

export function eventsTranslator(language: Language): EventsT {
  return createLookup(tables[language]);
}

/** Event strings in the page's language; only the event route chunks import this. */
export function useEventsTranslation(): { t: EventsT; language: Language } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo(() => eventsTranslator(language), [language]);
  return { t, language };
}
