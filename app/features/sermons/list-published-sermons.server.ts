import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { fullTextQuery } from "~/features/search/full-text-query.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formatSermonDate } from "./sermon-dates";
import type { SermonCardView } from "./sermon-views";

export interface SermonFilters {
  /** Words to search for, in English or Spanish (web-search syntax: "quotes", or, -not). */
  q?: string | null;
  series?: string | null;
  topic?: string | null;
}

function publishedWhere(filters: SermonFilters): SQL {
  const conditions: SQL[] = [eq(sermons.status, "published")];
  const q = filters.q?.trim();
  if (q) conditions.push(sql`${sermons.search} @@ ${fullTextQuery(q)}`);
  if (filters.series) {
    conditions.push(
      inArray(sermons.seriesId, sql`(select ${sermonSeries.id} from ${sermonSeries} where ${sermonSeries.slug} = ${filters.series})`),
    );
  }
  if (filters.topic) {
    conditions.push(
      exists(
        sql`(select 1 from ${sermonTopicLinks} inner join ${sermonTopics} on ${sermonTopics.id} = ${sermonTopicLinks.topicId} where ${sermonTopicLinks.sermonId} = ${sermons.id} and ${sermonTopics.slug} = ${filters.topic})`,
      ),
    );
  }
  return and(...conditions)!;
}

export const cardColumns = {
  id: sermons.id,
  slug: sermons.slug,
  titleEn: sermons.titleEn,
  titleEs: sermons.titleEs,
  summaryEn: sermons.summaryEn,
  summaryEs: sermons.summaryEs,
  speaker: sermons.speaker,
  scripture: sermons.scripture,
  preachedOn: sermons.preachedOn,
  audioUrl: sermons.audioUrl,
  videoUrl: sermons.videoUrl,
  videoFileUrl: sermons.videoFileUrl,
  seriesSlug: sermonSeries.slug,
  seriesTitleEn: sermonSeries.titleEn,
  seriesTitleEs: sermonSeries.titleEs,
};

export interface CardRow {
  id: number;
  slug: string;
  titleEn: string;
  titleEs: string | null;
  summaryEn: string;
  summaryEs: string | null;
  speaker: string;
  scripture: string | null;
  preachedOn: string;
  audioUrl: string | null;
  videoUrl: string | null;
  videoFileUrl: string | null;
  seriesSlug: string | null;
  seriesTitleEn: string | null;
  seriesTitleEs: string | null;
}

/** The rows as cards, each with its topics (one more query for the whole page). */
export async function toSermonCards(db: AppDatabase, rows: CardRow[], language: Language): Promise<SermonCardView[]> {
  const ids = rows.map((r) => r.id);
  const topicRows = ids.length
    ? await db
        .select({ sermonId: sermonTopicLinks.sermonId, slug: sermonTopics.slug, nameEn: sermonTopics.nameEn, nameEs: sermonTopics.nameEs })
        .from(sermonTopicLinks)
        .innerJoin(sermonTopics, eq(sermonTopics.id, sermonTopicLinks.topicId))
        .where(inArray(sermonTopicLinks.sermonId, ids))
        .orderBy(asc(sermonTopics.nameEn))
    : [];
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    href: `/sermons/${encodeURIComponent(r.slug)}`,
    title: localize(language, r.titleEn, r.titleEs),
    summary: localize(language, r.summaryEn, r.summaryEs),
    speaker: r.speaker,
    scripture: r.scripture,
    date: r.preachedOn,
    dateLabel: formatSermonDate(r.preachedOn, language),
    series: r.seriesSlug ? { slug: r.seriesSlug, title: localize(language, r.seriesTitleEn ?? "", r.seriesTitleEs) } : null,
    topics: topicRows
      .filter((t) => t.sermonId === r.id)
      .map((t) => ({ slug: t.slug, name: localize(language, t.nameEn, t.nameEs) }))
      .sort((a, b) => a.name.localeCompare(b.name, language)),
    hasAudio: Boolean(r.audioUrl),
    hasVideo: Boolean(r.videoUrl || r.videoFileUrl),
  }));
}

/**
 * One page of published sermons matching the filters: newest first, or best match first
 * (ts_rank, then newest) when there are search words. Drafts are never listed.
 */
export async function listPublishedSermons(options: {
  db: AppDatabase;
  language: Language;
  filters: SermonFilters;
  page: number;
  pageSize: number;
  /** Leave this sermon out ("more in this series"). */
  excludeId?: number;
}): Promise<{ sermons: SermonCardView[]; total: number }> {
  const { db, filters, page, pageSize } = options;
  let where = publishedWhere(filters);
  if (options.excludeId !== undefined) where = and(where, sql`${sermons.id} <> ${options.excludeId}`)!;
  const q = filters.q?.trim();
  const order = q
    ? [desc(sql`ts_rank(${sermons.search}, ${fullTextQuery(q)})`), desc(sermons.preachedOn), desc(sermons.id)]
    : [desc(sermons.preachedOn), desc(sermons.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(cardColumns)
      .from(sermons)
      .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(sermons).where(where),
  ]);
  return { sermons: await toSermonCards(db, rows, options.language), total: totalRow?.total ?? 0 };
}
