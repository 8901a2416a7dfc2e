import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { classOfferings, classSessions, classSignups } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formatSessionTime } from "~/platform/church/church-calendar.server";

export interface SessionView {
  number: number;
  start: string;
  /** Date and time in the church's time zone, in the page's language. */
  when: string;
  topic: string;
}

export interface OfferingView {
  id: number;
  slug: string;
  title: string;
  description: string;
  place: string | null;
  capacity: number | null;
  /** Null when there is no capacity. */
  seatsLeft: number | null;
  sessions: SessionView[];
}

/** Live sign-ups per offering. */
export async function countSignups(db: AppDatabase, offeringIds: number[]): Promise<Map<number, number>> {
  if (offeringIds.length === 0) return new Map();
  const rows = await db
    .select({ offeringId: classSignups.offeringId, count: sql<number>`count(*)::int` })
    .from(classSignups)
    .where(and(inArray(classSignups.offeringId, offeringIds), eq(classSignups.status, "registered")))
    .groupBy(classSignups.offeringId);
  return new Map(rows.map((r) => [r.offeringId, Number(r.count)]));
}

/** The sessions of some offerings, in order, grouped by offering. */
export async function sessionsOf(db: AppDatabase, offeringIds: number[]) {
  const grouped = new Map<number, (typeof classSessions.$inferSelect)[]>();
  if (offeringIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(classSessions)
    .where(inArray(classSessions.offeringId, offeringIds))
    .orderBy(asc(classSessions.sessionNumber));
  for (const row of rows) grouped.set(row.offeringId, [...(grouped.get(row.offeringId) ?? []), row]);
  return grouped;
}

/** The offerings open for sign-up, with their sessions and the seats left, soonest first. */
export async function listOpenOfferings(o: { db: AppDatabase; language: Language; timeZone: string }): Promise<OfferingView[]> {
  const offerings = await o.db.select().from(classOfferings).where(eq(classOfferings.status, "open")).orderBy(asc(classOfferings.id));
  const ids = offerings.map((x) => x.id);
  const [sessions, counts] = await Promise.all([sessionsOf(o.db, ids), countSignups(o.db, ids)]);
  const views = offerings.map((offering) => {
    const rows = sessions.get(offering.id) ?? [];
    return {
      id: offering.id,
      slug: offering.slug,
      title: localize(o.language, offering.titleEn, offering.titleEs),
      description: localize(o.language, offering.descriptionEn, offering.descriptionEs),
      place: offering.locationName,
      capacity: offering.capacity,
      seatsLeft: offering.capacity == null ? null : Math.max(0, offering.capacity - (counts.get(offering.id) ?? 0)),
      sessions: rows.map((s) => ({
        number: s.sessionNumber,
        start: s.startsAt.toISOString(),
        when: formatSessionTime(s.startsAt, s.endsAt, o.language, o.timeZone),
        topic: localize(o.language, s.topicEn, s.topicEs),
      })),
      firstStart: rows[0]?.startsAt.getTime() ?? Number.MAX_SAFE_INTEGER,
    };
  });
  return views.sort((a, b) => a.firstStart - b.firstStart).map(({ firstStart: _first, ...view }) => view);
}
