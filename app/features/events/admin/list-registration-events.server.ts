import { and, asc, desc, gte, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { events } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export interface EventChoice {
  id: number;
  title: string;
  startsAt: string;
  recurring: boolean;
  upcoming: boolean;
}

/**
 * The events an admin can pick (drafts left out): upcoming and recurring ones first, by
 * date, then past ones, latest first. Titles in the admin's language.
 */
export async function listRegistrationEvents(options: { db: AppDatabase; language: Language; now?: Date }): Promise<EventChoice[]> {
  const { db, language } = options;
  const now = options.now ?? new Date();
  const columns = {
    id: events.id,
    titleEn: events.titleEn,
    titleEs: events.titleEs,
    startsAt: events.startsAt,
    endsAt: events.endsAt,
    recurrence: events.recurrence,
  };
  const live = ne(events.status, "draft");
  const [upcoming, past] = await Promise.all([
    db
      .select(columns)
      .from(events)
      .where(and(live, or(gte(events.startsAt, now), gte(events.endsAt, now), isNotNull(events.recurrence))))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(200),
    db
      .select(columns)
      .from(events)
      .where(and(live, lt(events.startsAt, now), or(lt(events.endsAt, now), isNull(events.endsAt)), isNull(events.recurrence)))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(200),
  ]);
  const choice = (row: (typeof upcoming)[number], isUpcoming: boolean): EventChoice => ({
    id: row.id,
    title: (language === "es" ? row.titleEs : null) || row.titleEn,
    startsAt: row.startsAt.toISOString(),
    recurring: Boolean(row.recurrence),
    upcoming: isUpcoming,
  });
  return [...upcoming.map((row) => choice(row, true)), ...past.map((row) => choice(row, false))];
}
