/** Control characters: no search box sends them, and PostgreSQL refuses a NUL in text (a 500). */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;

/** Control characters (NUL among them) as spaces: for any free-text filter read from a URL. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ");
}

/**
 * A free-text filter from the query string (`?q=`), safe to search with and to write into the
 * audit log: control characters become spaces, surrounding space is trimmed, and it is cut to
 * `max` characters without splitting a character in two.
 */
export function readSearchQuery(url: URL, name = "q", max = 200): string {
  const raw = url.searchParams.get(name) ?? "";
  return Array.from(withoutControlCharacters(raw).trim()).slice(0, max).join("").trim();
}
