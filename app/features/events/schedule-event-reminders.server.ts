import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { schedulePasses, type PassSchedule } from "~/server/schedule-passes.server";
import { REMINDER_INTERVAL_MS, sendEventReminders } from "./send-event-reminders.server";

export type ReminderSchedule = PassSchedule;

/**
 * Looks for due day-before reminders at start-up and every REMINDER_INTERVAL_MS. Several
 * instances may run it: each reminder is claimed once (see sendEventReminders).
 */
export function scheduleEventReminders({
  db,
  siteUrl,
  intervalMs = REMINDER_INTERVAL_MS,
  firstPassDelayMs = 0,
}: {
  db: AppDatabase;
  siteUrl: string;
  intervalMs?: number;
  /** The start-up pass waits this long (the server answers its first requests first). */
  firstPassDelayMs?: number;
}): ReminderSchedule {
  return schedulePasses({
    intervalMs,
    firstPassDelayMs,
    pass: () =>
      sendEventReminders({ db, siteUrl })
        .then((queued) => {
          if (queued > 0) logger.info({ queued }, "event reminders queued");
        })
        .catch((error: unknown) => logger.error({ err: error }, "event reminders failed")),
  });
}
