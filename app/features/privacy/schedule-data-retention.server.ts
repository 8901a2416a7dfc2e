import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { purgeExpiredData } from "./purge-expired-data.server";

/** How often the server applies the retention settings. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionSchedule {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Applies the retention settings at start-up and every RETENTION_INTERVAL_MS (like the event
 * reminders). Several instances may run it: each pass is a few idempotent deletes.
 */
export function scheduleDataRetention({
  db,
  intervalMs = RETENTION_INTERVAL_MS,
  firstPassDelayMs = 0,
}: {
  db: AppDatabase;
  intervalMs?: number;
  /** The start-up pass waits this long (the server answers its first requests first). */
  firstPassDelayMs?: number;
}): RetentionSchedule {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    running = purgeExpiredData({ db })
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) logger.info({ counts }, "retention: expired data deleted");
      })
      .catch((error: unknown) => logger.error({ err: error }, "retention: purging expired data failed"));
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
