import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { eventRegistrations, events } from "~/db/schema";
import { escapeLike } from "~/lib/escape-like";
import { nextOccurrence } from "~/features/events/occurrences.server";
import type { AppDatabase } from "~/server/db.server";

export const STATUS_FILTERS = ["all", "draft", "published", "cancelled"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface EventListRow {
  id: number;
  slug: string;
  title: string;
  status: "draft" | "published" | "cancelled";
  isFeatured: boolean;
  recurring: boolean;
  /** The next occurrence (ISO), or for a past event its first one. */
  when: string;
  upcoming: boolean;
  capacity: number | null;
  /** People (party sizes) confirmed for the next occurrence. */
  registered: number;
}

/**
 * The events for the admin list: upcoming ones by their next occurrence, then past ones,
 * latest first; filtered by status and by a title search in either language.
 */
export async function listEvents(options: {
  db: AppDatabase;
  timeZone: string;
  status: StatusFilter;
  search: string;
  language: "en" | "es";
  now?: Date;
}): Promise<{ upcoming: EventListRow[]; past: EventListRow[] }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const filters: SQL[] = [];
  if (options.status !== "all") filters.push(eq(events.status, options.status));
  const search = options.search.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(or(ilike(events.titleEn, pattern), ilike(events.titleEs, pattern))!);
  }
  const rows = await db
    .select()
    .from(events)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(events.startsAt))
    .limit(500);
  const next = new Map(rows.map((r) => [r.id, nextOccurrence(r, options.timeZone, now)]));
  const counts = new Map<string, number>();
  const ids = rows.filter((r) => next.get(r.id)).map((r) => r.id);
  if (ids.length > 0) {
    const sums = await db
      .select({
        eventId: eventRegistrations.eventId,
        occurrenceStart: eventRegistrations.occurrenceStart,
        people: sql<number>`coalesce(sum(${eventRegistrations.partySize}), 0)::int`,
      })
      .from(eventRegistrations)
      .where(and(inArray(eventRegistrations.eventId, ids), eq(eventRegistrations.status, "confirmed")))
      .groupBy(eventRegistrations.eventId, eventRegistrations.occurrenceStart);
    for (const s of sums) counts.set(`${s.eventId}@${s.occurrenceStart.getTime()}`, Number(s.people));
  }
  const toRow = (r: (typeof rows)[number]): EventListRow => {
    const occurrence = next.get(r.id);
    return {
      id: r.id,
      slug: r.slug,
      title: options.language === "es" && r.titleEs ? r.titleEs : r.titleEn,
      status: r.status,
      isFeatured: r.isFeatured,
      recurring: r.recurrence !== null,
      when: (occurrence?.start ?? r.startsAt).toISOString(),
      upcoming: Boolean(occurrence),
      capacity: r.capacity,
      registered: occurrence ? (counts.get(`${r.id}@${occurrence.start.getTime()}`) ?? 0) : 0,
    };
  };
  const all = rows.map(toRow);
  return {
    upcoming: all.filter((r) => r.upcoming).sort((a, b) => a.when.localeCompare(b.when)),
    past: all.filter((r) => !r.upcoming).sort((a, b) => b.when.localeCompare(a.when)),
  };
}
