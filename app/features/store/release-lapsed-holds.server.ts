import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { orderItems, orders, productVariants } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { getStripe, type Stripe } from "~/server/stripe.server";
import { releaseOrder, STOCK_HOLD_MINUTES } from "./store-orders.server";

/** What Stripe says of a Checkout Session we asked to close: only "expired" lets its stock go. */
export type ClosedSessionState = "expired" | "complete" | "open" | "unknown";

/**
 * Closes a Checkout Session at Stripe: `POST /v1/checkout/sessions/:id/expire`, after which it
 * can no longer be paid. When Stripe refuses (only open sessions can be expired) the session
 * is read back: already expired, or complete (paid, or a bank payment on its way). Stripe
 * down or slow: "unknown". Short timeouts and no retries: a page may be waiting, and the next
 * pass tries again.
 */
export function stripeSessionCloser(client: Stripe): (sessionId: string) => Promise<ClosedSessionState> {
  const options = { timeout: 5_000, maxNetworkRetries: 0 };
  return async (sessionId) => {
    try {
      const session = await client.checkout.sessions.expire(sessionId, undefined, options);
      return session.status === "expired" ? "expired" : "unknown";
    } catch (error) {
      if ((error as { type?: unknown }).type !== "StripeInvalidRequestError") return "unknown";
      try {
        const { status } = await client.checkout.sessions.retrieve(sessionId, undefined, options);
        if (status === "expired") return "expired";
        if (status === "complete") return "complete";
        return status === "open" ? "open" : "unknown";
      } catch {
        return "unknown";
      }
    }
  };
}

/**
 * Gives back the stock of pending orders whose hold lapsed (started more than
 * STOCK_HOLD_MINUTES ago) and are still unpaid (issue 32). Never oversells: an order's stock
 * goes back only once Stripe says its Checkout Session is expired (we expire it first), so no
 * payment can arrive for it afterwards; a session that is complete (paid, or a bank transfer
 * under way) keeps its stock for the webhook, and one Stripe cannot be asked about now waits
 * for the next pass. Orders without a session yet are left to releaseExpiredOrders.
 * `productIds` limits it to orders holding those products (a product page, a checkout).
 * Returns how many were released.
 */
export async function releaseLapsedHolds(o: {
  db: AppDatabase;
  closeSession: (sessionId: string) => Promise<ClosedSessionState>;
  now: Date;
  productIds?: number[];
  limit?: number;
  /** Told after the pass whether Stripe could not be asked about some session. */
  onUnreachable?: (unreachable: boolean) => void;
}): Promise<number> {
  const cutoff = new Date(o.now.getTime() - STOCK_HOLD_MINUTES * 60 * 1000);
  const conditions = [eq(orders.status, "pending"), lt(orders.createdAt, cutoff), isNotNull(orders.stripeCheckoutSessionId)];
  if (o.productIds) {
    if (o.productIds.length === 0) return 0;
    conditions.push(
      sql`exists (select 1 from ${orderItems} join ${productVariants} on ${productVariants.id} = ${orderItems.variantId}
        where ${orderItems.orderId} = ${orders.id} and ${inArray(productVariants.productId, o.productIds)})`,
    );
  }
  const lapsed = await o.db
    .select({ id: orders.id, sessionId: orders.stripeCheckoutSessionId })
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.createdAt))
    .limit(o.limit ?? 100);
  let released = 0;
  let unreachable = false;
  // A few at a time, so a page waiting on this waits for one round trip, not one per order.
  for (let i = 0; i < lapsed.length; i += 5) {
    await Promise.all(
      lapsed.slice(i, i + 5).map(async (order) => {
        const state = await o.closeSession(order.sessionId!);
        if (state !== "expired") {
          if (state !== "complete") {
            unreachable = true;
            logger.warn({ order: order.id, state }, "store: a lapsed hold's Checkout Session could not be expired; trying again later");
          }
          return;
        }
        const done = await o.db.transaction(async (tx) => releaseOrder(tx as unknown as AppDatabase, order.id, "expired", o.now));
        if (done) released += 1;
      }),
    );
  }
  o.onUnreachable?.(unreachable);
  return released;
}

/** While Stripe could not be reached, pages stop asking it for this long (the scheduled pass still does). */
const READ_PAUSE_MS = 60 * 1000;
let readPausedUntil = 0;

/**
 * releaseLapsedHolds for these products with the site's Stripe, before a page or an action
 * reads their stock: a few at a time (the scheduled pass, scheduleHoldRelease, does the rest),
 * and not at all for a minute after Stripe could not be reached, so pages do not wait on it.
 * Without Stripe there are no checkouts to release.
 */
export async function releaseLapsedHoldsOf(db: AppDatabase, productIds: number[]): Promise<void> {
  const stripe = getStripe();
  if (!stripe || productIds.length === 0 || Date.now() < readPausedUntil) return;
  await releaseLapsedHolds({
    db,
    closeSession: stripeSessionCloser(stripe.client),
    now: new Date(),
    productIds,
    limit: 5,
    onUnreachable: (unreachable) => {
      if (unreachable) readPausedUntil = Date.now() + READ_PAUSE_MS;
    },
  });
}
