import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { schedulePasses, type PassSchedule } from "~/server/schedule-passes.server";
import { purgeExpiredData } from "./purge-expired-data.server";

/** How often the server applies the retention settings. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export type RetentionSchedule = PassSchedule;

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
  return schedulePasses({
    intervalMs,
    firstPassDelayMs,
    pass: () =>
      purgeExpiredData({ db })
        .then((counts) => {
          if (Object.values(counts).some((n) => n > 0)) logger.info({ counts }, "retention: expired data deleted");
        })
        .catch((error: unknown) => logger.error({ err: error }, "retention: purging expired data failed")),
  });
}
