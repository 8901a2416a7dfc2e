import { and, asc, eq } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { isLookupKey } from "~/server/route-param.server";

/** A published sermon by slug with its series and topics; undefined for drafts and unknown slugs. */
export async function findPublishedSermon(db: AppDatabase, slug: string) {
  if (!isLookupKey(slug)) return undefined;
  const [row] = await db
    .select({ sermon: sermons, series: sermonSeries })
    .from(sermons)
    .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
    .where(and(eq(sermons.slug, slug), eq(sermons.status, "published")))
    .limit(1);
  if (!row) return undefined;
  const topics = await db
    .select({ slug: sermonTopics.slug, nameEn: sermonTopics.nameEn, nameEs: sermonTopics.nameEs })
    .from(sermonTopicLinks)
    .innerJoin(sermonTopics, eq(sermonTopics.id, sermonTopicLinks.topicId))
    .where(eq(sermonTopicLinks.sermonId, row.sermon.id))
    .orderBy(asc(sermonTopics.nameEn));
  return { ...row, topics };
}
