import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { formatInTimeZone } from "date-fns-tz";
import { eventRegistrations, events } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { localDateOf } from "./occurrences.server";
import { queueRegistrationEmail } from "./register-for-event.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** Reminders go out from this local hour on the day before, not in the middle of the night. */
export const REMINDER_FROM_HOUR = 9;
/** How often the server looks for reminders that are due. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/** The local calendar date after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Queues the day-before reminder for every confirmed registration whose occurrence is
 * tomorrow in the church's time zone, once it is past REMINDER_FROM_HOUR there today. Each
 * row is claimed with a conditional update in the same transaction as its email, so two
 * instances (or two passes) never send one reminder twice. Returns how many were queued.
 */
export async function sendEventReminders({
  db,
  siteUrl,
  now = new Date(),
}: {
  db: AppDatabase;
  siteUrl: string;
  now?: Date;
}): Promise<number> {
  const settings = await readChurchSettings(db);
  const timeZone = settings?.timeZone ?? "UTC";
  if (Number(formatInTimeZone(now, timeZone, "H")) < REMINDER_FROM_HOUR) return 0;
  const tomorrow = nextDay(localDateOf(now, timeZone));
  const queued = await db.transaction(async (tx) => {
    const candidates = await tx
      .select({ registration: eventRegistrations, event: events })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(
        and(
          eq(eventRegistrations.status, "confirmed"),
          isNull(eventRegistrations.reminderSentAt),
          eq(events.status, "published"),
          gt(eventRegistrations.occurrenceStart, now),
          lte(eventRegistrations.occurrenceStart, new Date(now.getTime() + 48 * 3_600_000)),
        ),
      );
    const due = candidates.filter((c) => localDateOf(c.registration.occurrenceStart, timeZone) === tomorrow);
    if (due.length === 0) return 0;
    const claimed = await tx
      .update(eventRegistrations)
      .set({ reminderSentAt: now })
      .where(
        and(
          inArray(
            eventRegistrations.id,
            due.map((c) => c.registration.id),
          ),
          isNull(eventRegistrations.reminderSentAt),
        ),
      )
      .returning({ id: eventRegistrations.id });
    const ids = new Set(claimed.map((c) => c.id));
    for (const { registration, event } of due) {
      if (!ids.has(registration.id)) continue;
      await queueRegistrationEmail(tx as unknown as AppDatabase, { kind: "reminder", event, registration, siteUrl, settings });
    }
    return ids.size;
  });
  if (queued > 0) kickOutbox();
  return queued;
}
