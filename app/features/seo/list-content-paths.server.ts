import { desc, eq } from "drizzle-orm";
import { events, products, sermons, studyGroups, studyGuides } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** At most this many pages per kind: a sitemap file holds 50,000 URLs (two per page here). */
const LIMIT = 2000;

/**
 * The pages of published content for the sitemap: upcoming and recurring events, sermons,
 * past study guides, active study groups and the store's active products, newest first within each kind.
 */
export async function listContentPaths({ db, now = new Date() }: { db: AppDatabase; now?: Date }): Promise<string[]> {
  const [eventRows, sermonRows, guideRows, groupRows, productRows] = await Promise.all([
    db
      .select({ slug: events.slug, recurrence: events.recurrence, startsAt: events.startsAt })
      .from(events)
      .where(eq(events.status, "published"))
      .orderBy(desc(events.startsAt))
      .limit(LIMIT),
    db.select({ slug: sermons.slug }).from(sermons).where(eq(sermons.status, "published")).orderBy(desc(sermons.preachedOn)).limit(LIMIT),
    db
      .select({ slug: studyGuides.slug })
      .from(studyGuides)
      .where(eq(studyGuides.status, "published"))
      .orderBy(desc(studyGuides.weekOf))
      .limit(LIMIT),
    db.select({ slug: studyGroups.slug }).from(studyGroups).where(eq(studyGroups.status, "active")).limit(LIMIT),
    db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(products.sortOrder, products.id)
      .limit(LIMIT),
  ]);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return [
    ...eventRows.filter((e) => e.recurrence !== null || e.startsAt >= dayAgo).map((e) => `/events/${e.slug}`),
    ...sermonRows.map((s) => `/sermons/${s.slug}`),
    ...guideRows.map((g) => `/past-bible-studies/${g.slug}`),
    ...groupRows.map((g) => `/community/groups/${g.slug}`),
    ...productRows.map((p) => `/store/${p.slug}`),
  ];
}
