import { and, count, desc, eq, max } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { SermonFacet } from "./sermon-views";

/**
 * The series (most recent first) and topics (by name) that have published sermons, with
 * how many each has: what the archive offers to browse by.
 */
export async function listSermonFacets({
  db,
  language,
}: {
  db: AppDatabase;
  language: Language;
}): Promise<{ series: SermonFacet[]; topics: SermonFacet[] }> {
  const [seriesRows, topicRows] = await Promise.all([
    db
      .select({
        slug: sermonSeries.slug,
        titleEn: sermonSeries.titleEn,
        titleEs: sermonSeries.titleEs,
        count: count(sermons.id),
        latest: max(sermons.preachedOn),
      })
      .from(sermonSeries)
      .innerJoin(sermons, and(eq(sermons.seriesId, sermonSeries.id), eq(sermons.status, "published")))
      .groupBy(sermonSeries.id)
      .orderBy(desc(max(sermons.preachedOn)), desc(sermonSeries.id)),
    db
      .select({ slug: sermonTopics.slug, nameEn: sermonTopics.nameEn, nameEs: sermonTopics.nameEs, count: count(sermons.id) })
      .from(sermonTopics)
      .innerJoin(sermonTopicLinks, eq(sermonTopicLinks.topicId, sermonTopics.id))
      .innerJoin(sermons, and(eq(sermons.id, sermonTopicLinks.sermonId), eq(sermons.status, "published")))
      .groupBy(sermonTopics.id),
  ]);
  return {
    series: seriesRows.map((r) => ({ slug: r.slug, name: localize(language, r.titleEn, r.titleEs), count: r.count })),
    topics: topicRows
      .map((r) => ({ slug: r.slug, name: localize(language, r.nameEn, r.nameEs), count: r.count }))
      .sort((a, b) => a.name.localeCompare(b.name, language)),
  };
}
