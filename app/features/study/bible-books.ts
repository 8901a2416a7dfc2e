import type { Language } from "~/i18n/config";

/** One book of the 66-book Protestant canon: its OSIS id, USFM code and names. */
export interface BibleBook {
  osis: string;
  usfm: string;
  en: string;
  es: string;
}

/** [OSIS, USFM, English, Spanish] in canonical order. */
const rows: [string, string, string, string][] = [
  ["Gen", "GEN", "Genesis", "Génesis"],
  ["Exod", "EXO", "Exodus", "Éxodo"],
  ["Lev", "LEV", "Leviticus", "Levítico"],
  ["Num", "NUM", "Numbers", "Números"],
  ["Deut", "DEU", "Deuteronomy", "Deuteronomio"],
  ["Josh", "JOS", "Joshua", "Josué"],
  ["Judg", "JDG", "Judges", "Jueces"],
  ["Ruth", "RUT", "Ruth", "Rut"],
  ["1Sam", "1SA", "1 Samuel", "1 Samuel"],
  ["2Sam", "2SA", "2 Samuel", "2 Samuel"],
  ["1Kgs", "1KI", "1 Kings", "1 Reyes"],
  ["2Kgs", "2KI", "2 Kings", "2 Reyes"],
  ["1Chr", "1CH", "1 Chronicles", "1 Crónicas"],
  ["2Chr", "2CH", "2 Chronicles", "2 Crónicas"],
  ["Ezra", "EZR", "Ezra", "Esdras"],
  ["Neh", "NEH", "Nehemiah", "Nehemías"],
  ["Esth", "EST", "Esther", "Ester"],
  ["Job", "JOB", "Job", "Job"],
  ["Ps", "PSA", "Psalms", "Salmos"],
  ["Prov", "PRO", "Proverbs", "Proverbios"],
  ["Eccl", "ECC", "Ecclesiastes", "Eclesiastés"],
  ["Song", "SNG", "Song of Songs", "Cantares"],
  ["Isa", "ISA", "Isaiah", "Isaías"],
  ["Jer", "JER", "Jeremiah", "Jeremías"],
  ["Lam", "LAM", "Lamentations", "Lamentaciones"],
  ["Ezek", "EZK", "Ezekiel", "Ezequiel"],
  ["Dan", "DAN", "Daniel", "Daniel"],
  ["Hos", "HOS", "Hosea", "Oseas"],
  ["Joel", "JOL", "Joel", "Joel"],
  ["Amos", "AMO", "Amos", "Amós"],
  ["Obad", "OBA", "Obadiah", "Abdías"],
  ["Jonah", "JON", "Jonah", "Jonás"],
  ["Mic", "MIC", "Micah", "Miqueas"],
  ["Nah", "NAM", "Nahum", "Nahúm"],
  ["Hab", "HAB", "Habakkuk", "Habacuc"],
  ["Zeph", "ZEP", "Zephaniah", "Sofonías"],
  ["Hag", "HAG", "Haggai", "Hageo"],
  ["Zech", "ZEC", "Zechariah", "Zacarías"],
  ["Mal", "MAL", "Malachi", "Malaquías"],
  ["Matt", "MAT", "Matthew", "Mateo"],
  ["Mark", "MRK", "Mark", "Marcos"],
  ["Luke", "LUK", "Luke", "Lucas"],
  ["John", "JHN", "John", "Juan"],
  ["Acts", "ACT", "Acts", "Hechos"],
  ["Rom", "ROM", "Romans", "Romanos"],
  ["1Cor", "1CO", "1 Corinthians", "1 Corintios"],
  ["2Cor", "2CO", "2 Corinthians", "2 Corintios"],
  ["Gal", "GAL", "Galatians", "Gálatas"],
  ["Eph", "EPH", "Ephesians", "Efesios"],
  ["Phil", "PHP", "Philippians", "Filipenses"],
  ["Col", "COL", "Colossians", "Colosenses"],
  ["1Thess", "1TH", "1 Thessalonians", "1 Tesalonicenses"],
  ["2Thess", "2TH", "2 Thessalonians", "2 Tesalonicenses"],
  ["1Tim", "1TI", "1 Timothy", "1 Timoteo"],
  ["2Tim", "2TI", "2 Timothy", "2 Timoteo"],
  ["Titus", "TIT", "Titus", "Tito"],
  ["Phlm", "PHM", "Philemon", "Filemón"],
  ["Heb", "HEB", "Hebrews", "Hebreos"],
  ["Jas", "JAS", "James", "Santiago"],
  ["1Pet", "1PE", "1 Peter", "1 Pedro"],
  ["2Pet", "2PE", "2 Peter", "2 Pedro"],
  ["1John", "1JN", "1 John", "1 Juan"],
  ["2John", "2JN", "2 John", "2 Juan"],
  ["3John", "3JN", "3 John", "3 Juan"],
  ["Jude", "JUD", "Jude", "Judas"],
  ["Rev", "REV", "Revelation", "Apocalipsis"],
];

export const bibleBooks: readonly BibleBook[] = rows.map(([osis, usfm, en, es]) => ({ osis, usfm, en, es }));
const byOsis = new Map(bibleBooks.map((b) => [b.osis, b]));

export function bookByOsis(osis: string): BibleBook | undefined {
  return byOsis.get(osis);
}

/** A point of an OSIS reference: `John`, `John.3` or `John.3.16`. */
export interface OsisPoint {
  book: string;
  chapter: number | null;
  verse: number | null;
}

/** One range of an OSIS reference (`John.3.16-John.3.18`); start and end are equal for a single point. */
export interface OsisRange {
  start: OsisPoint;
  end: OsisPoint;
}

function parsePoint(text: string): OsisPoint | null {
  const match = /^([1-3]?[A-Za-z]+)(?:\.(\d+)(?:\.(\d+))?)?$/.exec(text);
  if (!match || !byOsis.has(match[1]!)) return null;
  return { book: match[1]!, chapter: match[2] ? Number(match[2]) : null, verse: match[3] ? Number(match[3]) : null };
}

/** Splits an OSIS string ("John.3.16-John.3.18,Rom.5.8") into ranges; null when it is not one. */
export function parseOsis(osis: string): OsisRange[] | null {
  if (!osis) return null;
  const ranges: OsisRange[] = [];
  for (const part of osis.split(",")) {
    const [a, b, ...rest] = part.split("-");
    if (rest.length > 0 || !a) return null;
    const start = parsePoint(a);
    const end = b === undefined ? start : parsePoint(b);
    if (!start || !end) return null;
    ranges.push({ start, end });
  }
  return ranges;
}

function bookName(osis: string, language: Language, singleChapter: boolean): string {
  const book = byOsis.get(osis);
  if (!book) return osis;
  // "Psalm 23" / "Salmo 23" for one psalm; "Psalms 1–3" for several.
  if (osis === "Ps" && singleChapter) return language === "es" ? "Salmo" : "Psalm";
  return language === "es" ? book.es : book.en;
}

function pointText(p: OsisPoint): string {
  if (p.chapter === null) return "";
  return p.verse === null ? String(p.chapter) : `${p.chapter}:${p.verse}`;
}

/** One range as people write it: "John 3:16–18", "Matthew 5–7", "Genesis 50 – Exodus 2". */
export function formatRange(range: OsisRange, language: Language, dash = "–"): string {
  const { start, end } = range;
  const same = start.book === end.book && start.chapter === end.chapter && start.verse === end.verse;
  if (start.book !== end.book) {
    const first = `${bookName(start.book, language, false)} ${pointText(start)}`.trim();
    const last = `${bookName(end.book, language, false)} ${pointText(end)}`.trim();
    return `${first} ${dash} ${last}`;
  }
  const single = same || (start.chapter !== null && start.chapter === end.chapter);
  const name = bookName(start.book, language, single);
  if (same || start.chapter === null) return `${name} ${pointText(start)}`.trim();
  if (start.chapter === end.chapter && start.verse !== null && end.verse !== null)
    return `${name} ${start.chapter}:${start.verse}${dash}${end.verse}`;
  return `${name} ${pointText(start)}${dash}${pointText(end)}`;
}

/** An OSIS reference in the reader's language ("Juan 3:16–18; Romanos 5:8"); the raw text when it is not OSIS. */
export function formatOsis(osis: string, language: Language, dash = "–"): string {
  const ranges = parseOsis(osis);
  if (!ranges) return osis;
  return ranges.map((r) => formatRange(r, language, dash)).join("; ");
}
