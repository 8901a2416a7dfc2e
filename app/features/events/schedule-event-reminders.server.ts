import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { REMINDER_INTERVAL_MS, sendEventReminders } from "./send-event-reminders.server";

export interface ReminderSchedule {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

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
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    running = sendEventReminders({ db, siteUrl })
      .then((queued) => {
        if (queued > 0) logger.info({ queued }, "event reminders queued");
      })
      .catch((error: unknown) => logger.error({ err: error }, "event reminders failed"));
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  const first = firstPassDelayMs > 0 ? setTimeout(pass, firstPassDelayMs) : (pass(), undefined);
  first?.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
