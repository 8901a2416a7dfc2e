import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { orderItems, orders, productVariants } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { StripeEventContext, StripeEventHandler } from "~/features/payments/process-stripe-event.server";
import type { AppDatabase } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import { orderPageUrl } from "./order-access.server";
import { orderConfirmationEmail } from "./store-emails";
import { releaseOrder } from "./store-orders.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** The note staff see on an order paid after its stock was released and could not be taken again. */
export const PAID_AFTER_EXPIRY_NOTE = "paid after expiry: stock not available";

const ZId = z.string().min(1).max(255);
/** The Checkout Session fields the store reads. */
const ZOrderSession = z.object({
  id: ZId,
  metadata: z.object({ kind: z.literal("order"), order_id: z.uuid() }),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  payment_intent: z.union([ZId, z.object({ id: ZId }), z.null()]).optional(),
});
/** A charge's refund fields. */
const ZCharge = z.object({
  payment_intent: z.union([ZId, z.object({ id: ZId })]),
  amount_refunded: z.number().int().min(0),
});

const paymentIntentId = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

/**
 * The store's webhook events. Checkout Sessions whose metadata.kind is "order" and whose
 * order exists: completed and paid (or async payment succeeded) → paid with a confirmation
 * email (only on that transition); completed unpaid (a bank transfer on its way) → still
 * pending; async payment failed → canceled, stock back; expired → expired, stock back.
 * `charge.refunded` of an order's payment → refunded amount (status refunded when full).
 * Every change is guarded by the current status, so a replayed event (even under another id)
 * changes nothing. Anything else is not the store's: false.
 */
export const handleStoreEvent: StripeEventHandler = async (db, event, context) => {
  if (event.type === "charge.refunded") return handleRefund(db, event.data.object, context);
  if (!event.type.startsWith("checkout.session.")) return false;
  const parsed = ZOrderSession.safeParse(event.data.object);
  if (!parsed.success) return false;
  const session = parsed.data;
  const [order] = await db.select().from(orders).where(eq(orders.id, session.metadata.order_id)).for("update");
  if (!order) return false;
  const now = context.now;
  switch (event.type) {
    case "checkout.session.completed":
      if (session.payment_status === "unpaid") return true;
      return markPaid(db, order, paymentIntentId(session.payment_intent), context);
    case "checkout.session.async_payment_succeeded":
      return markPaid(db, order, paymentIntentId(session.payment_intent), context);
    case "checkout.session.async_payment_failed":
      await releaseOrder(db, order.id, "canceled", now);
      return true;
    case "checkout.session.expired":
      await releaseOrder(db, order.id, "expired", now);
      return true;
    default:
      return true;
  }
};

type OrderRow = typeof orders.$inferSelect;

/**
 * The pending → paid transition, with the confirmation email. An order already released
 * (expired or canceled) takes its stock again when all of it is still there; otherwise it is
 * still recorded as paid (the money was taken) with a note for staff, and stock stays ≥ 0.
 */
async function markPaid(db: AppDatabase, order: OrderRow, paymentIntent: string | null, context: StripeEventContext): Promise<boolean> {
  const now = context.now;
  let afterExpiry = false;
  let notes = order.notes;
  if (order.status === "expired" || order.status === "canceled") {
    const items = await db
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const wanted = new Map<number, number>();
    for (const item of items) if (item.variantId !== null) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const stock = ids.length
      ? await db
          .select({ id: productVariants.id, stock: productVariants.stock })
          .from(productVariants)
          .where(inArray(productVariants.id, ids))
          .orderBy(productVariants.id)
          .for("update")
      : [];
    const available =
      items.every((i) => i.variantId !== null) && ids.every((id) => (stock.find((s) => s.id === id)?.stock ?? 0) >= wanted.get(id)!);
    if (available) {
      for (const [variantId, quantity] of wanted) {
        await db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${quantity}`, updatedAt: now })
          .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`));
      }
    } else {
      afterExpiry = true;
      notes = [order.notes, PAID_AFTER_EXPIRY_NOTE].filter(Boolean).join("\n");
    }
  } else if (order.status !== "pending") {
    // Already paid (or further along): a replay.
    return true;
  }
  const [paid] = await db
    .update(orders)
    .set({
      status: "paid",
      paidAt: now,
      stripePaymentIntentId: paymentIntent ?? order.stripePaymentIntentId,
      notes,
      buyerIpKey: null,
      confirmationSentAt: now,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!paid) return true;
  await enqueueConfirmation(db, paid, context, afterExpiry);
  return true;
}

async function enqueueConfirmation(db: AppDatabase, order: OrderRow, context: StripeEventContext, afterExpiry: boolean): Promise<void> {
  const language = order.language;
  const church = await readChurchSettings(db);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  await enqueueEmail(db, {
    to: order.email,
    ...orderConfirmationEmail({
      language,
      churchName: church ? localize(language, church.nameEn, church.nameEs) : "",
      churchAddress: church ? `${church.streetAddress}, ${church.city}, ${church.region} ${church.postalCode}` : "",
      siteUrl: context.siteUrl,
      orderUrl: await orderPageUrl({ siteUrl: context.siteUrl, orderId: order.id, language }),
      number: order.number,
      name: order.name,
      lines: items.map((item) => ({
        name: localize(language, item.productName, item.productNameEs),
        variant: localize(language, item.variantLabel, item.variantLabelEs),
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
      })),
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      fulfillment: order.fulfillment,
      shippingAddress: order.shippingAddress ?? null,
      afterExpiry,
    }),
  });
}

/** A refund of an order's payment: the refunded amount so far; refunded when it is the whole total. */
async function handleRefund(db: AppDatabase, object: unknown, context: StripeEventContext): Promise<boolean> {
  const parsed = ZCharge.safeParse(object);
  if (!parsed.success) return false;
  const intent = paymentIntentId(parsed.data.payment_intent)!;
  const [order] = await db.select().from(orders).where(eq(orders.stripePaymentIntentId, intent)).limit(1).for("update");
  if (!order) return false;
  const refunded = Math.min(parsed.data.amount_refunded, order.totalCents);
  if (refunded <= order.refundedCents) return true;
  await db
    .update(orders)
    .set({ refundedCents: refunded, status: refunded >= order.totalCents ? "refunded" : order.status, updatedAt: context.now })
    .where(eq(orders.id, order.id));
  return true;
}
