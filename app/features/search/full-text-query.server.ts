import { sql, type SQL } from "drizzle-orm";
import { ACCENTED_LETTERS, PLAIN_LETTERS } from "~/db/schema";

const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;

const plainOf = new Map([...ACCENTED_LETTERS].map((letter, i) => [letter, PLAIN_LETTERS[i]!]));

/** The fold the generated `search` columns apply (app/db/schema/worship.ts), done in JavaScript. */
export function foldAccents(text: string): string {
  return [...text].map((letter) => plainOf.get(letter) ?? letter).join("");
}

/**
 * Words typed in English or Spanish (web-search syntax: "quotes", or, -not) as a tsquery for the
 * generated `search` columns: any of three readings matches — English stems, Spanish stems and
 * plain words (names, book names, numbers) — after the same accent fold as the documents.
 */
export function fullTextQuery(words: string): SQL {
  // Control characters separate words at most, and PostgreSQL refuses a NUL in text: `?q=%00`
  // on /sermons or /past-bible-studies was a 500 (docs/reliability.md §4).
  const folded = foldAccents(words.replace(CONTROL_CHARACTERS, " "));
  return sql`(websearch_to_tsquery('english', ${folded}) || websearch_to_tsquery('spanish', ${folded}) || websearch_to_tsquery('simple', ${folded}))`;
}
