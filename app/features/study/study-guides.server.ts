import { and, desc, eq, lte, sql } from "drizzle-orm";
import { fullTextQuery } from "~/features/search/full-text-query.server";
import { studyGuides } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formatOsis } from "./bible-books";
import { formatStudyDate } from "./study-dates.server";
import type { GuideView } from "./study-views";

export type GuideRow = typeof studyGuides.$inferSelect;

/** A guide in the reader's language (a missing Spanish field falls back to English). */
export function guideView(row: GuideRow, language: Language): GuideView {
  const questionsEs = row.questionsEs.filter((q) => q.trim());
  return {
    id: row.id,
    slug: row.slug,
    weekOf: row.weekOf,
    weekLabel: formatStudyDate(row.weekOf, language),
    title: localize(language, row.titleEn, row.titleEs),
    passageReference: row.passageOsis ? formatOsis(row.passageOsis, language) : row.passage,
    devotional: localize(language, row.devotionalEn, row.devotionalEs),
    questions: language === "es" && questionsEs.length > 0 ? questionsEs : row.questionsEn,
    prayer: localize(language, row.prayerEn, row.prayerEs),
  };
}

/** Published, and its week has begun (a guide scheduled for next week stays hidden). */
const isPublic = (today: string) => and(eq(studyGuides.status, "published"), lte(studyGuides.weekOf, today));

/** This week's guide: the latest published one whose week has begun in the church's time zone. */
export async function findCurrentGuide(db: AppDatabase, today: string): Promise<GuideRow | null> {
  const [row] = await db.select().from(studyGuides).where(isPublic(today)).orderBy(desc(studyGuides.weekOf), desc(studyGuides.id)).limit(1);
  return row ?? null;
}

/** One public guide by slug; null for drafts, future weeks and unknown slugs. */
export async function findPublicGuide(db: AppDatabase, slug: string, today: string): Promise<GuideRow | null> {
  const [row] = await db
    .select()
    .from(studyGuides)
    .where(and(eq(studyGuides.slug, slug), isPublic(today)))
    .limit(1);
  return row ?? null;
}

export const ARCHIVE_PAGE_SIZE = 10;
export const MAX_QUERY_LENGTH = 200;

/**
 * The archive: public guides, newest first, or those matching `query` in either language
 * (English, Spanish and simple dictionaries over the generated `search` column), best first.
 */
export async function searchGuides(options: { db: AppDatabase; today: string; query: string; page: number; pageSize?: number }) {
  const { db, today } = options;
  const pageSize = options.pageSize ?? ARCHIVE_PAGE_SIZE;
  const query = options.query.trim().slice(0, MAX_QUERY_LENGTH);
  const tsQuery = fullTextQuery(query);
  const where = query ? and(isPublic(today), sql`${studyGuides.search} @@ ${tsQuery}`) : isPublic(today);
  const [countRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(studyGuides)
    .where(where);
  const total = Number(countRow?.count ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page), pages);
  const order = query
    ? [desc(sql`ts_rank(${studyGuides.search}, ${tsQuery})`), desc(studyGuides.weekOf), desc(studyGuides.id)]
    : [desc(studyGuides.weekOf), desc(studyGuides.id)];
  const rows = await db
    .select()
    .from(studyGuides)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pages, query };
}
