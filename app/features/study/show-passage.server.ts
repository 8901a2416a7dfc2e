import type { Language } from "~/i18n/config";
import { formatOsis } from "./bible-books";
import { readerLinks } from "./bible-links";
import { getBibleTextProvider, type BibleTextProvider } from "./bible-text-provider.server";
import type { PassageView } from "./study-views";

/** A passage (OSIS) for a page: the provider's text when there is one, and links to online readers. */
export async function showPassage(options: {
  osis: string;
  language: Language;
  provider?: BibleTextProvider | null;
}): Promise<PassageView> {
  const { osis, language } = options;
  const provider = options.provider === undefined ? getBibleTextProvider() : options.provider;
  const text = provider ? await provider.getPassage(osis, language) : null;
  return {
    osis,
    reference: formatOsis(osis, language),
    text: text
      ? { translationName: text.translationName, verses: text.verses.map(({ chapter, verse, text: t }) => ({ chapter, verse, text: t })) }
      : null,
    providerFailed: Boolean(provider) && !text,
    links: readerLinks(osis, language),
  };
}
