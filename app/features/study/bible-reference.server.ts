import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as enLanguage from "bible-passage-reference-parser/esm/lang/en.js";
import * as esLanguage from "bible-passage-reference-parser/esm/lang/es.js";
import type { Language } from "~/i18n/config";
import { formatOsis } from "./bible-books";

/**
 * Bible references typed in English or Spanish ("John 3:16-18", "Juan 3:16", "1 Cor 13",
 * "Salmos 23"), read by the maintained bible-passage-reference-parser. Server-only: the
 * parser and its two language tables are ~340 KB, far too much for a public page's chunk.
 */

export type ParsedReference = { ok: true; osis: string; display: string } | { ok: false };

/** The longest reference text anyone types into the box or a guide's passage field. */
export const MAX_REFERENCE_LENGTH = 200;

const OPTIONS = {
  // "Genesis 1-50" stays "Gen.1-Gen.50" (a book alone is not a reference here).
  osis_compaction_strategy: "bc",
  book_alone_strategy: "ignore",
  // Query parsing: "John 3 16" keeps its verse.
  captive_end_digits_strategy: "include",
  invalid_passage_strategy: "ignore",
  passage_existence_strategy: "bcv",
  testaments: "on",
} as const;

let parsers: Record<Language, bcv_parser> | undefined;

function parserFor(language: Language): bcv_parser {
  parsers ??= {
    en: new bcv_parser(enLanguage).set_options(OPTIONS),
    es: new bcv_parser(esLanguage).set_options(OPTIONS),
  };
  return parsers[language];
}

/** Characters that may sit between or around references without making the input "something else". */
const FILLER = /^[\s,;.:()\-–—]*$/;

/** The OSIS of `text` in one language, when the references found cover all of it. */
function parseIn(text: string, language: Language): string | null {
  const found = (parserFor(language).parse(text) as bcv_parser).osis_and_indices();
  if (found.length === 0) return null;
  let rest = "";
  let at = 0;
  for (const { indices } of found) {
    rest += text.slice(at, indices[0]);
    at = indices[1];
  }
  rest += text.slice(at);
  // Leftover words ("hello John 3:16") mean the parser only guessed at part of the input.
  if (!FILLER.test(rest)) return null;
  const osis = found
    .map((f) => f.osis)
    .filter(Boolean)
    .join(",");
  return osis || null;
}

/**
 * Reads a reference, trying the reader's language first and then the other one. Returns the
 * OSIS form ("John.3.16-John.3.18") and the reference written in the reader's language, or
 * `{ ok: false }` for text that is not a valid reference (unknown book, chapter 99, words).
 */
export function parseBibleReference(input: string, language: Language): ParsedReference {
  const text = input.normalize("NFC").trim();
  if (!text || text.length > MAX_REFERENCE_LENGTH) return { ok: false };
  const other: Language = language === "es" ? "en" : "es";
  const osis = parseIn(text, language) ?? parseIn(text, other);
  if (!osis) return { ok: false };
  return { ok: true, osis, display: formatOsis(osis, language) };
}
