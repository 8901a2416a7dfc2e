import { AsyncLocalStorage } from "node:async_hooks";
import type { Language } from "~/i18n/config";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { db, type AppDatabase } from "./db.server";
import { once } from "./once.server";

export interface RequestContext {
  language: Language;
  db: AppDatabase;
}

/** What every loader needs: the visitor's language and the database. */
export function getRequestContext(request: Request): RequestContext {
  return { language: detectRequestLanguage(request).language, db: db() };
}

/**
 * One HTTP request's memo (server/app.ts runs each page request in one). React Router hands each
 * loader its own copy of the Request, so a Request cannot key what the loaders of one page
 * share: the signed-in member, asked for by the root loader and the page's loader alike.
 */
const scope = new AsyncLocalStorage<Map<string, () => Promise<unknown>>>();

export function runInRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/**
 * `load()` once per key within the current HTTP request; outside one (tests, jobs) every call
 * loads. A rejected load is forgotten, so a later call in the same request tries again.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let shared = memo.get(key) as (() => Promise<T>) | undefined;
  if (!shared) memo.set(key, (shared = once(load)));
  return shared();
}
