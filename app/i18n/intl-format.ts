import { languageLocales, type Language } from "./config";

/**
 * Intl formatters kept per (language, options). Building one looks up locale and time-zone
 * data and costs far more than formatting with it (2 % of a `/prayer` render went to building
 * the same date format once per request); a page formats many dates and amounts with the same
 * few. Server and browser alike. Options are a call site's constants (and the church's time
 * zone), so the key space is small; it is bounded all the same.
 */
const MAX_KEPT = 256;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `store`'s value for `key`, made by `make` the first time (if `make` throws, nothing is kept).
 * A full store is emptied and starts again: the values are cheap to make again, only not on
 * every request.
 */
export function kept<V>(store: Map<string, V>, key: string, make: () => V, max = MAX_KEPT): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make(); // an unknown time zone throws here, and nothing is kept
    if (store.size >= max) store.clear();
    store.set(key, value);
  }
  return value;
}

/** The locale a language formats in ("en-US", "es-US"); anything else formats as English. */
const localeOf = (language: Language | string) => (language === "es" ? languageLocales.es : languageLocales.en);

/** `new Intl.DateTimeFormat(locale of language, options)`, built once. */
export function dateTimeFormat(language: Language | string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, `${language}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(localeOf(language), options));
}

/** `new Intl.NumberFormat(locale of language, options)`, built once. */
export function numberFormat(language: Language | string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, `${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(localeOf(language), options));
}
