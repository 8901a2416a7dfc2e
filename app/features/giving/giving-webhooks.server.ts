import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { GIFT_FREQUENCIES, gifts, givingFunds, recurringGifts, users } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { StripeEventContext, StripeEventHandler } from "~/features/payments/process-stripe-event.server";
import type { AppDatabase } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import type { Stripe } from "~/server/stripe.server";
import { getGivingChurch } from "./giving-church.server";
import { giftReceiptEmail } from "./giving-emails";

// Everything read from an event is checked: a malformed event of ours throws, the transaction
// rolls back and Stripe retries; an event that is not a gift is left to the next handler.

const cents = (min: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min));

/** What /give put in the session's (and subscription's) metadata. */
const ZGiftMetadata = z.object({
  kind: z.literal("gift"),
  fund_id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
  fund_name: z.string().max(500).optional(),
  amount_cents: cents(1),
  fee_cents: cents(0),
  frequency: z.enum(GIFT_FREQUENCIES),
  user_id: z
    .string()
    .max(200)
    .optional()
    .transform((value) => value || null),
  donor_name: z.string().max(500),
  donor_email: z.string().min(3).max(254),
  language: z.enum(["en", "es"]),
});
type GiftMetadata = z.output<typeof ZGiftMetadata>;

const stripeId = z.string().min(3).max(255);
/** An id field Stripe may send as an id or (when expanded) an object with one. */
const idOf = z.union([stripeId, z.object({ id: stripeId })]).transform((value) => (typeof value === "string" ? value : value.id));

const ZSession = z.object({
  id: stripeId,
  mode: z.enum(["payment", "subscription", "setup"]),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  customer: idOf.nullable().optional(),
  payment_intent: idOf.nullable().optional(),
  subscription: idOf.nullable().optional(),
  metadata: z.record(z.string(), z.string()),
});

const ZInvoice = z.object({
  id: stripeId,
  customer: idOf.nullable().optional(),
  amount_paid: z.number().int().min(0),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: idOf, metadata: z.record(z.string(), z.string()).nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  payments: z.object({ data: z.array(z.object({ payment: z.object({ payment_intent: idOf.nullable().optional() }) })) }).optional(),
  status_transitions: z.object({ paid_at: z.number().int().nullable().optional() }).optional(),
});

const ZSubscription = z.object({
  id: stripeId,
  status: z.string().max(40),
  canceled_at: z.number().int().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

const ZCharge = z.object({
  payment_intent: idOf.nullable().optional(),
  amount_refunded: z.number().int().min(0),
});

const objectOf = (event: Stripe.Event) => event.data.object as unknown as Record<string, unknown>;
const isGiftMetadata = (metadata: unknown) =>
  typeof metadata === "object" && metadata !== null && (metadata as Record<string, unknown>).kind === "gift";

/** The member the gift names, if that account still exists. */
async function existingUser(db: AppDatabase, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.id ?? null;
}

async function fundOf(db: AppDatabase, fundId: number | null) {
  if (fundId === null) return null;
  const [fund] = await db.select().from(givingFunds).where(eq(givingFunds.id, fundId)).limit(1);
  return fund ?? null;
}

/**
 * Inserts a received payment unless its session/invoice id is already there (another event
 * for the same payment, even racing this one); only an inserted gift enqueues its receipt.
 */
async function recordGift(db: AppDatabase, values: typeof gifts.$inferInsert, context: StripeEventContext): Promise<boolean> {
  const [row] = await db
    .insert(gifts)
    .values({ ...values, receiptSentAt: context.now })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  const church = await getGivingChurch(db, row.language);
  const fund = await fundOf(db, row.fundId);
  await enqueueEmail(db, {
    to: row.donorEmail,
    ...giftReceiptEmail({
      language: row.language,
      churchName: church.name,
      churchAddress: church.addressLines,
      timeZone: church.timeZone,
      siteUrl: context.siteUrl,
      name: row.donorName,
      fund: fund ? localize(row.language, fund.name, fund.nameEs) : row.fundName,
      amountCents: row.amountCents,
      feeCents: row.feeCents,
      frequency: row.frequency,
      paidAt: row.paidAt,
      member: row.userId !== null,
    }),
  });
  return true;
}

/** A one-time gift from its paid Checkout Session. */
async function recordSessionGift(db: AppDatabase, session: z.output<typeof ZSession>, metadata: GiftMetadata, context: StripeEventContext) {
  const fund = await fundOf(db, metadata.fund_id);
  await recordGift(
    db,
    {
      fundId: fund?.id ?? null,
      fundName: fund?.name ?? metadata.fund_name ?? "",
      amountCents: metadata.amount_cents,
      feeCents: metadata.fee_cents,
      frequency: "one_time",
      userId: await existingUser(db, metadata.user_id),
      donorName: metadata.donor_name,
      donorEmail: metadata.donor_email,
      language: metadata.language,
      stripeCheckoutSessionId: session.id,
      stripePaymentIntentId: session.payment_intent ?? null,
      stripeCustomerId: session.customer ?? null,
      paidAt: context.now,
    },
    context,
  );
}

/** The recurring gift of a subscription: created (from the metadata) or completed with the ids it lacked. */
async function upsertRecurring(
  db: AppDatabase,
  o: { subscriptionId: string; metadata: GiftMetadata; checkoutSessionId: string | null; customerId: string | null; now: Date },
): Promise<typeof recurringGifts.$inferSelect> {
  const { metadata } = o;
  if (metadata.frequency === "one_time") throw new Error(`subscription ${o.subscriptionId} carries a one-time gift's metadata`);
  const fund = await fundOf(db, metadata.fund_id);
  const [row] = await db
    .insert(recurringGifts)
    .values({
      stripeSubscriptionId: o.subscriptionId,
      stripeCheckoutSessionId: o.checkoutSessionId,
      stripeCustomerId: o.customerId,
      fundId: fund?.id ?? null,
      fundName: fund?.name ?? metadata.fund_name ?? "",
      amountCents: metadata.amount_cents,
      feeCents: metadata.fee_cents,
      frequency: metadata.frequency,
      userId: await existingUser(db, metadata.user_id),
      donorName: metadata.donor_name,
      donorEmail: metadata.donor_email,
      language: metadata.language,
      createdAt: o.now,
      updatedAt: o.now,
    })
    .onConflictDoUpdate({
      target: recurringGifts.stripeSubscriptionId,
      set: {
        stripeCheckoutSessionId: sql`coalesce(${recurringGifts.stripeCheckoutSessionId}, excluded.stripe_checkout_session_id)`,
        stripeCustomerId: sql`coalesce(${recurringGifts.stripeCustomerId}, excluded.stripe_customer_id)`,
        updatedAt: o.now,
      },
    })
    .returning();
  if (!row) throw new Error("The recurring gift upsert returned no row");
  return row;
}

async function onSessionEvent(db: AppDatabase, event: Stripe.Event, context: StripeEventContext): Promise<boolean> {
  const raw = objectOf(event);
  if (!isGiftMetadata(raw.metadata)) return false;
  const session = ZSession.parse(raw);
  const metadata = ZGiftMetadata.parse(session.metadata);
  if (session.mode === "subscription") {
    if (event.type !== "checkout.session.completed") return true;
    if (!session.subscription) throw new Error(`subscription checkout ${session.id} completed without a subscription`);
    await upsertRecurring(db, {
      subscriptionId: session.subscription,
      metadata,
      checkoutSessionId: session.id,
      customerId: session.customer ?? null,
      now: context.now,
    });
    return true;
  }
  // A bank transfer not yet cleared: the gift is recorded by async_payment_succeeded.
  if (session.payment_status !== "paid") return true;
  await recordSessionGift(db, session, metadata, context);
  return true;
}

async function onInvoicePaid(db: AppDatabase, event: Stripe.Event, context: StripeEventContext): Promise<boolean> {
  const raw = objectOf(event);
  const parsed = ZInvoice.safeParse(raw);
  const details = (raw.parent as { subscription_details?: { subscription?: unknown; metadata?: unknown } } | null | undefined)
    ?.subscription_details;
  if (!details || typeof details.subscription !== "string") return false;
  const [existing] = await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, details.subscription)).limit(1);
  if (!existing && !isGiftMetadata(details.metadata)) return false;
  if (!parsed.success) throw parsed.error;
  const invoice = parsed.data;
  const recurring =
    existing ??
    (await upsertRecurring(db, {
      subscriptionId: details.subscription,
      metadata: ZGiftMetadata.parse(invoice.parent?.subscription_details?.metadata),
      checkoutSessionId: null,
      customerId: invoice.customer ?? null,
      now: context.now,
    }));
  if (invoice.amount_paid <= 0) return true;
  const paidAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : context.now;
  await recordGift(
    db,
    {
      fundId: recurring.fundId,
      fundName: recurring.fundName,
      amountCents: recurring.amountCents,
      feeCents: recurring.feeCents,
      frequency: recurring.frequency,
      recurringGiftId: recurring.id,
      userId: recurring.userId,
      donorName: recurring.donorName,
      donorEmail: recurring.donorEmail,
      language: recurring.language,
      stripeInvoiceId: invoice.id,
      stripePaymentIntentId: invoice.payments?.data[0]?.payment.payment_intent ?? null,
      stripeCustomerId: invoice.customer ?? recurring.stripeCustomerId,
      paidAt,
    },
    context,
  );
  return true;
}

/** Stripe's subscription statuses as the recurring gift shows them. */
function recurringStatus(status: string): "active" | "past_due" | "canceled" {
  if (status === "active" || status === "trialing") return "active";
  if (status === "canceled" || status === "incomplete_expired") return "canceled";
  return "past_due";
}

async function onSubscriptionEvent(db: AppDatabase, event: Stripe.Event, context: StripeEventContext): Promise<boolean> {
  const raw = objectOf(event);
  const subscription = ZSubscription.safeParse(raw);
  const id = typeof raw.id === "string" ? raw.id : null;
  if (!id) return false;
  const [existing] = await db
    .select({ id: recurringGifts.id, canceledAt: recurringGifts.canceledAt })
    .from(recurringGifts)
    .where(eq(recurringGifts.stripeSubscriptionId, id))
    .limit(1);
  if (!existing) return isGiftMetadata(raw.metadata);
  if (!subscription.success) throw subscription.error;
  const status = event.type === "customer.subscription.deleted" ? "canceled" : recurringStatus(subscription.data.status);
  const canceledAt =
    status === "canceled"
      ? (existing.canceledAt ?? (subscription.data.canceled_at ? new Date(subscription.data.canceled_at * 1000) : context.now))
      : null;
  await db.update(recurringGifts).set({ status, canceledAt, updatedAt: context.now }).where(eq(recurringGifts.id, existing.id));
  return true;
}

async function onChargeRefunded(db: AppDatabase, event: Stripe.Event, context: StripeEventContext): Promise<boolean> {
  const raw = objectOf(event);
  const intent = typeof raw.payment_intent === "string" ? raw.payment_intent : null;
  if (!intent) return false;
  const [gift] = await db.select().from(gifts).where(eq(gifts.stripePaymentIntentId, intent)).limit(1);
  if (!gift) return false;
  const charge = ZCharge.parse(raw);
  const paid = gift.amountCents + gift.feeCents;
  const refunded = Math.min(charge.amount_refunded, paid);
  const status = refunded >= paid ? "refunded" : refunded > 0 ? "partially_refunded" : "succeeded";
  await db.update(gifts).set({ refundedCents: refunded, status, updatedAt: context.now }).where(eq(gifts.id, gift.id));
  return true;
}

/** Giving's webhook events (checkout.session.*, invoice.paid, customer.subscription.*, charge.refunded). */
export const handleGivingEvent: StripeEventHandler = async (db, event, context) => {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return onSessionEvent(db, event, context);
    case "invoice.paid":
      return onInvoicePaid(db, event, context);
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return onSubscriptionEvent(db, event, context);
    case "charge.refunded":
      return onChargeRefunded(db, event, context);
    default:
      return false;
  }
};
