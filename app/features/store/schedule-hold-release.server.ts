import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { schedulePasses, type PassSchedule } from "~/server/schedule-passes.server";
import { getStripe } from "~/server/stripe.server";
import { releaseLapsedHolds, stripeSessionCloser } from "./release-lapsed-holds.server";
import { releaseExpiredOrders } from "./store-orders.server";

/** How often the server gives back the stock of checkouts whose hold lapsed. */
export const HOLD_RELEASE_INTERVAL_MS = 60 * 1000;

export type HoldReleaseSchedule = PassSchedule;

/**
 * Releases lapsed store holds (releaseLapsedHolds: the Stripe session is expired first) and
 * stale pending orders (releaseExpiredOrders) at start-up and every HOLD_RELEASE_INTERVAL_MS,
 * like the event reminders. Several instances may run it: each release is guarded by the
 * order's status, and expiring a session twice only makes Stripe answer that it is expired.
 * Without Stripe there are no checkouts to release.
 */
export function scheduleHoldRelease({
  db,
  intervalMs = HOLD_RELEASE_INTERVAL_MS,
  firstPassDelayMs = 0,
}: {
  db: AppDatabase;
  intervalMs?: number;
  /** The start-up pass waits this long (the server answers its first requests first). */
  firstPassDelayMs?: number;
}): HoldReleaseSchedule {
  return schedulePasses({
    intervalMs,
    firstPassDelayMs,
    // A slow Stripe can make a pass outlast the interval: the next one waits its turn.
    pass: async () => {
      const stripe = getStripe();
      if (!stripe) return;
      const now = new Date();
      await releaseLapsedHolds({ db, closeSession: stripeSessionCloser(stripe.client), now })
        .then(async (lapsed) => {
          const stale = await releaseExpiredOrders(db, now);
          if (lapsed + stale > 0) logger.info({ lapsed, stale }, "store: held stock given back");
        })
        .catch((error: unknown) => logger.error({ err: error }, "store: releasing held stock failed"));
    },
  });
}
