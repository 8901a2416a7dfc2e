import type { Route } from "./+types/webhook";
import { handleGivingEvent } from "~/features/giving/giving-webhooks.server";
import { processStripeEvent, ZStripeEventEnvelope, type StripeEventHandler } from "~/features/payments/process-stripe-event.server";
import { handleStoreEvent } from "~/features/store/store-webhooks.server";
import { getDatabase } from "~/server/db.server";
import { siteUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { getStripe, verifyStripeEvent } from "~/server/stripe.server";

/** Every domain that takes payments through Stripe: the first whose event it is records it. */
const STRIPE_EVENT_HANDLERS: readonly StripeEventHandler[] = [handleGivingEvent, handleStoreEvent];

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return text("Stripe posts webhook events here.", 405);
}

/**
 * Stripe's webhook (configure https://<site>/stripe/webhook in the Stripe dashboard with the
 * checkout, invoice, subscription and charge events listed in the README). The signature is
 * checked over the raw body; a forged, re-signed-with-another-secret or stale (> 5 min) event
 * is refused with 400, and each event id is processed once.
 */
export async function action({ request }: Route.ActionArgs) {
  const stripe = getStripe();
  if (!stripe) return text("Online payments are not configured.", 404);
  const payload = await request.text();
  const event = await verifyStripeEvent(stripe, payload, request.headers.get("stripe-signature"));
  if (!event) {
    logger.warn({ signature: Boolean(request.headers.get("stripe-signature")) }, "stripe webhook refused: bad or stale signature");
    return text("Invalid signature.", 400);
  }
  if (!ZStripeEventEnvelope.safeParse(event).success) {
    logger.warn(
      { type: typeof event.type === "string" ? event.type.slice(0, 100) : null },
      "stripe webhook refused: signed, but not a Stripe event",
    );
    return text("Invalid event.", 400);
  }
  let outcome;
  try {
    outcome = await processStripeEvent({
      db: getDatabase().db,
      event,
      context: { siteUrl: siteUrl(), now: new Date() },
      handlers: STRIPE_EVENT_HANDLERS,
    });
  } catch (error) {
    // Nothing was written (one transaction); Stripe retries on a non-2xx answer.
    logger.error({ err: error, event: event.id, type: event.type }, "stripe webhook failed; Stripe will retry");
    return text("The event could not be recorded; please retry.", 500);
  }
  logger.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
  return Response.json({ received: true, outcome }, { headers: { "Cache-Control": "no-store" } });
}
