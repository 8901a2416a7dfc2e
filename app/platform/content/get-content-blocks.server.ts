import { inArray } from "drizzle-orm";
import { contentBlocks } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { byContentVersion } from "~/server/content-memo.server";
import type { AppDatabase } from "~/server/db.server";
import { localize, localizeOptional } from "~/i18n/localize";

export interface ContentBlock {
  key: string;
  title: string;
  body: string;
  summary: string | null;
  imageUrl: string | null;
  imageAlt: string;
  linkUrl: string | null;
}

export interface GetContentBlocksOptions<K extends string> {
  db: AppDatabase;
  language: Language;
  keys: readonly K[];
}

/** Bilingual text blocks by key, in one language; missing keys are absent from the result. */
export async function getContentBlocks<K extends string>({
  db,
  language,
  keys,
}: GetContentBlocksOptions<K>): Promise<Partial<Record<K, ContentBlock>>> {
  if (keys.length === 0) return {};
  // Once per content version in the production server (content-memo.server.ts).
  return byContentVersion(`blocks ${language} ${keys.join(" ")}`, () => readContentBlocks(db, language, keys));
}

async function readContentBlocks<K extends string>(
  db: AppDatabase,
  language: Language,
  keys: readonly K[],
): Promise<Partial<Record<K, ContentBlock>>> {
  const rows = await db
    .select()
    .from(contentBlocks)
    .where(inArray(contentBlocks.key, [...keys]));
  const result: Partial<Record<K, ContentBlock>> = {};
  for (const row of rows) {
    result[row.key as K] = {
      key: row.key,
      title: localize(language, row.titleEn, row.titleEs),
      body: localize(language, row.bodyEn, row.bodyEs),
      summary: localizeOptional(language, row.summaryEn, row.summaryEs),
      imageUrl: row.imageUrl,
      imageAlt: localizeOptional(language, row.imageAltEn, row.imageAltEs) ?? "",
      linkUrl: row.linkUrl,
    };
  }
  return result;
}
