import { eq } from "drizzle-orm";
import { z } from "zod";
import { stripeEvents } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import type { Stripe } from "~/server/stripe.server";

export interface StripeEventContext {
  siteUrl: string;
  now: Date;
}

/**
 * A handler of one domain: true when the event was its own and it recorded it (inside `db`, a
 * transaction). The domains (giving, store) import this type; the webhook route passes their
 * handlers in, so payments imports none of them (ADR 034).
 */
export type StripeEventHandler = (db: AppDatabase, event: Stripe.Event, context: StripeEventContext) => Promise<boolean>;

export type StripeEventOutcome = "processed" | "ignored" | "duplicate";

/**
 * The envelope of every Stripe event. A correctly signed body without it (no `evt_` id, a
 * type that is not dotted lower-case words, no object) is no event this site can record:
 * the webhook answers 400 and stores nothing, instead of failing on the database.
 */
export const ZStripeEventEnvelope = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/),
  type: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_]+(?:\.[a-z0-9_]+)+$/),
  data: z.object({ object: z.looseObject({}) }),
});

/**
 * Records a verified Stripe event exactly once. The event's id row and everything its handler
 * writes (gift, order, receipt in the outbox) commit together: a replay, or a second delivery
 * racing the first, waits on the id's primary key and then changes nothing. A handler that
 * fails rolls all of it back, so Stripe's retry starts clean. `handlers` are asked in order;
 * the first that answers true has recorded the event.
 */
export async function processStripeEvent(options: {
  db: AppDatabase;
  event: Stripe.Event;
  context: StripeEventContext;
  handlers: readonly StripeEventHandler[];
}): Promise<StripeEventOutcome> {
  const { event, context, handlers } = options;
  const outcome = await options.db.transaction(async (tx): Promise<StripeEventOutcome> => {
    const db = tx as unknown as AppDatabase;
    const [claimed] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, handled: false, receivedAt: context.now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!claimed) return "duplicate";
    let handled = false;
    for (const handler of handlers) {
      if (await handler(db, event, context)) {
        handled = true;
        break;
      }
    }
    if (handled) await tx.update(stripeEvents).set({ handled: true }).where(eq(stripeEvents.id, event.id));
    return handled ? "processed" : "ignored";
  });
  if (outcome === "processed") kickOutbox();
  return outcome;
}
