import type { Language } from "~/i18n/config";
import { bookByOsis, formatOsis, parseOsis } from "./bible-books";

/** An online Bible reader a passage opens in (a new tab). */
export interface ReaderLink {
  site: "biblegateway" | "youversion";
  /** The translation shown there, e.g. "NIV" or "RVR1960". */
  version: string;
  url: string;
}

/** Well-known readers and the translation each language reads there (YouVersion's numeric ids). */
const VERSIONS: Record<Language, { gateway: string; youversionId: number; youversion: string }> = {
  en: { gateway: "NIV", youversionId: 111, youversion: "NIV" },
  es: { gateway: "RVR1960", youversionId: 149, youversion: "RVR1960" },
};

/**
 * Links to Bible Gateway (the whole reference, as its search box reads it) and Bible.com /
 * YouVersion (the first chapter of it, or its verse range inside one chapter: the URL scheme
 * it keeps stable), in the reader's language's usual translation.
 */
export function readerLinks(osis: string, language: Language): ReaderLink[] {
  const ranges = parseOsis(osis);
  if (!ranges) return [];
  const version = VERSIONS[language];
  // Bible Gateway reads English book names with any version: the most reliable search text.
  const search = formatOsis(osis, "en", "-");
  const links: ReaderLink[] = [
    {
      site: "biblegateway",
      version: version.gateway,
      url: `https://www.biblegateway.com/passage/?search=${encodeURIComponent(search)}&version=${version.gateway}`,
    },
  ];
  const first = ranges[0]!;
  const book = bookByOsis(first.start.book);
  if (book && first.start.chapter !== null) {
    let path = `${book.usfm}.${first.start.chapter}`;
    const sameChapter = first.end.book === first.start.book && first.end.chapter === first.start.chapter;
    if (first.start.verse !== null) {
      path += `.${first.start.verse}`;
      if (sameChapter && first.end.verse !== null && first.end.verse !== first.start.verse) path += `-${first.end.verse}`;
      if (!sameChapter) path = `${book.usfm}.${first.start.chapter}`;
    }
    links.push({
      site: "youversion",
      version: version.youversion,
      url: `https://www.bible.com/bible/${version.youversionId}/${path}.${version.youversion}`,
    });
  }
  return links;
}
