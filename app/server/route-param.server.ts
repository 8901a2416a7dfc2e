/** Control characters: no slug or id has them, and PostgreSQL refuses a NUL in text (a 500). */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/**
 * Whether a path parameter (a slug, a text id) can name a row at all: present, at most `max`
 * characters, no control characters. Lookups answer "not found" for anything else instead of
 * sending it to the database (`/sermons/%00` is a 404, not a 500).
 */
export function isLookupKey(value: string | null | undefined, max = 200): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= max && !CONTROL_CHARACTER.test(value);
}
