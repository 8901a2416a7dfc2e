import { useMemo } from "react";
import type { Language } from "~/i18n/config";
import en, { type AdminStrings } from "~/i18n/locales/en/admin";
import es from "~/i18n/locales/es/admin";
import { useTranslation } from "~/i18n/react";
import { createLookup, type Leaves, type TranslationValues } from "~/i18n/translator";
import { isAuditAction, systemActorOf, type AuditAction } from "~/lib/audit-actions";

export type AdminMessageKey = Leaves<AdminStrings>;
export type AdminT = (key: AdminMessageKey, values?: TranslationValues) => string;

/** A message the server sends back for the page to show in the admin's language. */
export interface AdminMessage {
  key: AdminMessageKey;
  values?: TranslationValues;
}

const tables: Record<Language, AdminStrings> = { en, es };

export function adminTranslator(language: Language): AdminT {
  return createLookup(tables[language]);
}

/**
 * The plain-language label of an audit action code, e.g. `event.update` → "Updated an event".
 * The codes hold dots, which the translator reads as nesting, so this indexes the flat table
 * directly. A literal code missing from app/lib/audit-actions.ts is a type error; a code read
 * from the log that the app no longer records (an older entry) is shown as it is.
 */
export function auditActionLabel<A extends string>(language: Language, action: A & (string extends A ? string : AuditAction)): string {
  return isAuditAction(action) ? tables[language].audit.actions[action] : action;
}

/**
 * Who made a change, as the admin pages show it: a stored system actor name (the command line,
 * the first-run setup, a member's self-service) as a label in the page's language, any other
 * name (an administrator's) as it is.
 */
export function auditActorLabel(language: Language, actorName: string): string {
  const actor = systemActorOf(actorName);
  return actor ? tables[language].audit.actors[actor] : actorName;
}

/** Admin strings in the page's language; only admin route chunks import this. */
export function useAdminTranslation(): { t: AdminT; language: Language } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo(() => adminTranslator(language), [language]);
  return { t, language };
}
