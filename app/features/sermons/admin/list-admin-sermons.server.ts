import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import { escapeLike } from "~/lib/escape-like";
import { fullTextQuery } from "~/features/search/full-text-query.server";
import type { AppDatabase } from "~/server/db.server";

export const SERMON_STATUS_FILTERS = ["all", "draft", "published"] as const;
export type SermonStatusFilter = (typeof SERMON_STATUS_FILTERS)[number];

export interface AdminSermonRow {
  id: number;
  slug: string;
  title: string;
  speaker: string;
  preachedOn: string;
  status: "draft" | "published";
  series: string | null;
  hasAudio: boolean;
  hasVideo: boolean;
  missingSpanish: boolean;
}

export interface AdminTaxonomyRow {
  id: number;
  slug: string;
  nameEn: string;
  nameEs: string | null;
  descriptionEn: string;
  descriptionEs: string | null;
  sermons: number;
}

/** The sermons for the admin list (newest first, at most 500), by status and words. */
export async function listAdminSermons({
  db,
  status,
  search,
}: {
  db: AppDatabase;
  status: SermonStatusFilter;
  search: string;
}): Promise<AdminSermonRow[]> {
  const conditions: SQL[] = [];
  if (status !== "all") conditions.push(eq(sermons.status, status));
  const q = search.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        sql`${sermons.search} @@ ${fullTextQuery(q)}`,
        ilike(sermons.titleEn, pattern),
        ilike(sermons.titleEs, pattern),
        ilike(sermons.slug, pattern),
        ilike(sermons.speaker, pattern),
      )!,
    );
  }
  const rows = await db
    .select({ sermon: sermons, seriesTitle: sermonSeries.titleEn })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(sermons.preachedOn), desc(sermons.id))
    .limit(500);
  return rows.map(({ sermon: s, seriesTitle }) => ({
    id: s.id,
    slug: s.slug,
    title: s.titleEn,
    speaker: s.speaker,
    preachedOn: s.preachedOn,
    status: s.status,
    series: seriesTitle,
    hasAudio: Boolean(s.audioUrl),
    hasVideo: Boolean(s.videoUrl || s.videoFileUrl),
    missingSpanish: !s.titleEs || !s.summaryEs,
  }));
}

/** Every series and topic with how many sermons (any status) use it. */
export async function listSermonTaxonomy(db: AppDatabase): Promise<{ series: AdminTaxonomyRow[]; topics: AdminTaxonomyRow[] }> {
  const [series, topics] = await Promise.all([
    db
      .select({ s: sermonSeries, sermons: count(sermons.id) })
      .from(sermonSeries)
      .leftJoin(sermons, eq(sermons.seriesId, sermonSeries.id))
      .groupBy(sermonSeries.id)
      .orderBy(asc(sermonSeries.titleEn)),
    db
      .select({ t: sermonTopics, sermons: count(sermonTopicLinks.sermonId) })
      .from(sermonTopics)
      .leftJoin(sermonTopicLinks, eq(sermonTopicLinks.topicId, sermonTopics.id))
      .groupBy(sermonTopics.id)
      .orderBy(asc(sermonTopics.nameEn)),
  ]);
  return {
    series: series.map(({ s, sermons: n }) => ({
      id: s.id,
      slug: s.slug,
      nameEn: s.titleEn,
      nameEs: s.titleEs,
      descriptionEn: s.descriptionEn,
      descriptionEs: s.descriptionEs,
      sermons: n,
    })),
    topics: topics.map(({ t, sermons: n }) => ({
      id: t.id,
      slug: t.slug,
      nameEn: t.nameEn,
      nameEs: t.nameEs,
      descriptionEn: "",
      descriptionEs: null,
      sermons: n,
    })),
  };
}
