import { and, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { eventRegistrations, events } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { EventCategory } from "./event-categories";
import { expandOccurrences, type Occurrence } from "./occurrences.server";
import { byContentVersion } from "~/server/content-memo.server";
import { isLookupKey } from "~/server/route-param.server";

const DAY_MS = 86_400_000;

export type EventRow = typeof events.$inferSelect;

export interface ListedOccurrence {
  event: EventRow;
  occurrence: Occurrence;
  /** People holding confirmed places for this occurrence. */
  confirmed: number;
}

/**
 * Public (published and, unless left out, cancelled) events whose occurrences may fall in
 * [from, to): one-off events by their dates, recurring ones always (their rule decides).
 * Drafts never.
 */
async function loadPublicEvents(
  db: AppDatabase,
  o: { from?: Date; to?: Date; category?: EventCategory | null; includeCancelled?: boolean },
): Promise<EventRow[]> {
  const conditions = [
    o.includeCancelled === false ? eq(events.status, "published") : ne(events.status, "draft"),
    o.category ? eq(events.category, o.category) : undefined,
  ];
  if (o.from || o.to) {
    conditions.push(
      or(
        isNotNull(events.recurrence),
        and(
          o.to ? lt(events.startsAt, o.to) : undefined,
          o.from ? gte(sql`coalesce(${events.endsAt}, ${events.startsAt})`, o.from) : undefined,
        ),
      ),
    );
  }
  return db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(events.startsAt, events.id);
}

/** People holding confirmed places, by event and occurrence start (ms), in one query. */
async function confirmedCounts(db: AppDatabase, eventIds: number[], from: Date, to: Date): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (eventIds.length === 0) return counts;
  const rows = await db
    .select({
      eventId: eventRegistrations.eventId,
      occurrenceStart: eventRegistrations.occurrenceStart,
      people: sql<number>`coalesce(sum(${eventRegistrations.partySize}), 0)::int`,
    })
    .from(eventRegistrations)
    .where(
      and(
        inArray(eventRegistrations.eventId, eventIds),
        eq(eventRegistrations.status, "confirmed"),
        gte(eventRegistrations.occurrenceStart, new Date(from.getTime() - 86_400_000 * 2)),
        lt(eventRegistrations.occurrenceStart, to),
      ),
    )
    .groupBy(eventRegistrations.eventId, eventRegistrations.occurrenceStart);
  for (const row of rows) counts.set(`${row.eventId}:${new Date(row.occurrenceStart).getTime()}`, Number(row.people));
  return counts;
}

type ListOptions = {
  db: AppDatabase;
  timeZone: string;
  from: Date;
  to: Date;
  category?: EventCategory | null;
  includeCancelled?: boolean;
};
type Expanded = Omit<ListedOccurrence, "confirmed">;

/** The occurrences of the public events in [from, to), in start order (no head counts). */
async function expandPublicEvents(o: ListOptions): Promise<Expanded[]> {
  const rows = await loadPublicEvents(o.db, o);
  const listed: Expanded[] = [];
  for (const event of rows) {
    for (const occurrence of expandOccurrences(event, o.timeZone, { from: o.from, to: o.to })) listed.push({ event, occurrence });
  }
  return listed.sort((a, b) => a.occurrence.start.getTime() - b.occurrence.start.getTime() || a.event.id - b.event.id);
}

/**
 * `expandPublicEvents` for [from, to), read through the content memo (events are admin-edited
 * content: every write bumps the content version). The memo holds the expansion of whole UTC
 * days with a day's margin on each side, so the events list (from now, 90 days) is expanded
 * once per version and day; each request keeps the occurrences of its own window, by the same
 * test as `expandOccurrences`: still going on at `from`, starting before `to`.
 */
async function expandPublicEventsShared(o: ListOptions): Promise<Expanded[]> {
  const from = new Date(Math.floor(o.from.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  const to = new Date(Math.ceil(o.to.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const key = `events ${o.timeZone} ${o.category ?? "all"} ${o.includeCancelled ?? true} ${from.toISOString()} ${to.toISOString()}`;
  const days = await byContentVersion(key, () => expandPublicEvents({ ...o, from, to }));
  return days.filter(({ occurrence: { start, end } }) => (end ?? start).getTime() >= o.from.getTime() && start.getTime() < o.to.getTime());
}

/**
 * Every occurrence of the public events in [from, to), in start order, with the confirmed
 * head count of each (for "12 places left"). Recurring events are expanded, never copied.
 * The head counts are read on every call; the occurrences once per content version and day
 * when the content memo is on (the production server).
 */
export async function listEventOccurrences(o: ListOptions): Promise<ListedOccurrence[]> {
  const listed = await expandPublicEventsShared(o);
  const withCapacity = [...new Set(listed.filter((l) => l.event.capacity != null).map((l) => l.event.id))];
  const counts = await confirmedCounts(o.db, withCapacity, o.from, o.to);
  return listed.map((l) => ({ ...l, confirmed: counts.get(`${l.event.id}:${l.occurrence.start.getTime()}`) ?? 0 }));
}

/**
 * The events of a subscribable feed: published and cancelled ones (drafts never), one-off
 * events from the last year on, recurring ones whatever their start.
 */
export async function listFeedEvents(o: { db: AppDatabase; category?: EventCategory | null; now?: Date }): Promise<EventRow[]> {
  const now = o.now ?? new Date();
  return loadPublicEvents(o.db, { category: o.category, from: new Date(now.getTime() - 365 * 86_400_000) });
}

/** A public event by its slug (drafts are not public). */
export async function findPublicEvent(db: AppDatabase, slug: string): Promise<EventRow | null> {
  if (!isLookupKey(slug)) return null;
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), ne(events.status, "draft")))
    .limit(1);
  return event ?? null;
}
