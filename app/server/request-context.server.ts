import type { Language } from "~/i18n/config";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { db, type AppDatabase } from "./db.server";

export interface RequestContext {
  language: Language;
  db: AppDatabase;
}

/** What every loader needs: the visitor's language and the database. */
export function getRequestContext(request: Request): RequestContext {
  return { language: detectRequestLanguage(request).language, db: db() };
}
