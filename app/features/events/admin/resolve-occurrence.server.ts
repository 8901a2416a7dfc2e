import { and, desc, eq } from "drizzle-orm";
import { eventRegistrations, type events } from "~/db/schema";
import { expandOccurrences, nextOccurrence, occurrenceStartingAt } from "~/features/events/occurrences.server";
import type { AppDatabase } from "~/server/db.server";

type EventRow = Pick<typeof events.$inferSelect, "id" | "startsAt" | "endsAt" | "recurrence" | "excludedDates">;

const DAY_MS = 86_400_000;

/**
 * The occurrence an admin means: the one asked for (when the event has it, or when
 * registrations exist for it), else the next one still to come, else the last one that
 * took place (a finished event's registrations stay reachable).
 */
export async function resolveOccurrence(options: {
  db: AppDatabase;
  event: EventRow;
  timeZone: string;
  requested: Date | null;
  now?: Date;
}): Promise<Date | null> {
  const { db, event, timeZone, requested } = options;
  const now = options.now ?? new Date();
  if (!event.recurrence) {
    if (!requested || requested.getTime() === event.startsAt.getTime()) return event.startsAt;
    return (await hasRegistrations(db, event.id, requested)) ? requested : event.startsAt;
  }
  if (requested) {
    if (occurrenceStartingAt(event, timeZone, requested)) return requested;
    if (await hasRegistrations(db, event.id, requested)) return requested;
  }
  const next = nextOccurrence(event, timeZone, now);
  if (next) return next.start;
  const past = expandOccurrences(event, timeZone, { from: new Date(now.getTime() - 800 * DAY_MS), to: now });
  const last = past.at(-1)?.start ?? null;
  const [latest] = await db
    .select({ start: eventRegistrations.occurrenceStart })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, event.id))
    .orderBy(desc(eventRegistrations.occurrenceStart))
    .limit(1);
  if (!last) return latest?.start ?? null;
  return latest && latest.start > last ? latest.start : last;
}

async function hasRegistrations(db: AppDatabase, eventId: number, start: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.occurrenceStart, start)))
    .limit(1);
  return Boolean(row);
}
