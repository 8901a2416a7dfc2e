import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { cartItems, orderItems, orders, productVariants, products } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import type { CheckoutInput } from "./store-input.server";
import { CART_MAX_QUANTITY, ORDER_LIMIT_PER_PRODUCT, variantPrice } from "./store-model";

/**
 * How long an unpaid checkout holds its stock (issue 32). Stripe's Checkout Session cannot
 * expire sooner than 30 minutes, so when the hold lapses the session is expired through
 * Stripe's API first and only then is the stock given back (release-lapsed-holds.server.ts).
 */
export const STOCK_HOLD_MINUTES = 15;
/** The Checkout Session's own expiry (Stripe's minimum is 30 minutes): the order's `expires_at`. */
export const CHECKOUT_SESSION_MINUTES = 31;
/** The sweeper releases pending orders this long after their expiry (the webhook normally does it first). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Puts an order's quantities back on the shelf (inside the caller's transaction). */
export async function restoreStock(tx: AppDatabase, orderId: string): Promise<void> {
  await tx.execute(sql`
    update ${productVariants} set stock = ${productVariants.stock} + s.qty, updated_at = now()
    from (select variant_id, sum(quantity)::int as qty from ${orderItems} where order_id = ${orderId} and variant_id is not null group by variant_id) s
    where ${productVariants.id} = s.variant_id`);
}

/**
 * Moves a pending order to `status` and gives its stock back, in the caller's transaction.
 * The status guard makes it happen once: a webhook and the sweeper racing release it once.
 */
export async function releaseOrder(tx: AppDatabase, orderId: string, status: "expired" | "canceled", now: Date): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ status, buyerIpKey: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (!released) return false;
  await restoreStock(tx, orderId);
  return true;
}

/**
 * Releases pending orders whose hold ended more than an hour ago (a missed
 * `checkout.session.expired` webhook): each becomes expired and its stock goes back. Cheap
 * (the partial index on pending expiries); run at the start of every checkout. Returns how many.
 */
export async function releaseExpiredOrders(db: AppDatabase, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SWEEP_GRACE_MS);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.expiresAt, cutoff)))
    .limit(100);
  let count = 0;
  for (const { id } of stale) {
    const released = await db.transaction(async (tx) => releaseOrder(tx as unknown as AppDatabase, id, "expired", now));
    if (released) count += 1;
  }
  return count;
}

export interface ReservedOrder {
  id: string;
  number: number;
  expiresAt: Date;
  lines: { name: string; nameEs: string | null; label: string; labelEs: string | null; unitPriceCents: number; quantity: number }[];
  shippingCents: number;
}

export type ReserveResult =
  | { ok: true; order: ReservedOrder }
  | { ok: false; error: "emptyCart" }
  | { ok: false; error: "onlyLeft"; name: string; nameEs: string | null; label: string; labelEs: string | null; stock: number }
  /** More of one product than one order may have. */
  | { ok: false; error: "orderLimit"; name: string; nameEs: string | null; limit: number }
  /** The buyer already holds `held` of the product in unpaid checkouts; the oldest hold lapses in `minutes`. */
  | { ok: false; error: "holdLimit"; name: string; nameEs: string | null; limit: number; held: number; minutes: number };

/** Who is checking out, as far as the per-buyer limit can tell (issue 32). */
export interface CheckoutBuyer {
  userId: string | null;
  email: string;
  /** buyerIpKey() of the request's address, or null when unknown. */
  ipKey: string | null;
  /** The limit for one network is this many times ORDER_LIMIT_PER_PRODUCT (RATE_LIMIT_IP_SCALE: many people behind one address). */
  ipScale: number;
}

class OverLimit extends Error {
  constructor(readonly result: Extract<ReserveResult, { error: "orderLimit" | "holdLimit" }>) {
    super("over the limit");
  }
}

class OutOfStock extends Error {
  constructor(
    readonly productName: string,
    readonly nameEs: string | null,
    readonly label: string,
    readonly labelEs: string | null,
    readonly stock: number,
  ) {
    super("out of stock");
  }
}

/**
 * Takes the cart's quantities off the stock and writes the pending order with its lines
 * (names and prices as they are now), all in ONE transaction: each variant's stock is taken
 * with `stock = stock - qty where stock >= qty`, so parallel checkouts can never sell more
 * than there is; when one line cannot be taken everything rolls back and the answer names it.
 *
 * Limits (issue 32): at most ORDER_LIMIT_PER_PRODUCT of a product per order, and the buyer's
 * pending orders (same account, same email, or same network) plus this one at most that many
 * too. The products' rows are locked first (in id order), so two checkouts of one buyer
 * cannot both count the other's hold as absent.
 */
export async function reserveOrder(o: {
  db: AppDatabase;
  cartId: string;
  buyer: CheckoutBuyer;
  language: Language;
  contact: CheckoutInput;
  shippingCents: number;
  now: Date;
}): Promise<ReserveResult> {
  try {
    return await o.db.transaction(async (tx): Promise<ReserveResult> => {
      const lines = await tx
        .select({
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          productId: products.id,
          name: products.name,
          nameEs: products.nameEs,
          active: products.active,
          label: productVariants.label,
          labelEs: productVariants.labelEs,
          productPrice: products.priceCents,
          variantPrice: productVariants.priceCents,
        })
        .from(cartItems)
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(cartItems.cartId, o.cartId))
        .orderBy(cartItems.variantId);
      if (lines.length === 0) return { ok: false, error: "emptyCart" };
      await checkBuyerLimits(tx as unknown as AppDatabase, lines, o.buyer, o.now);
      for (const line of lines) {
        if (!line.active) throw new OutOfStock(line.name, line.nameEs, line.label, line.labelEs, 0);
        const taken = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: o.now })
          .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
          .returning({ id: productVariants.id });
        if (taken.length === 0) {
          const [left] = await tx
            .select({ stock: productVariants.stock })
            .from(productVariants)
            .where(eq(productVariants.id, line.variantId));
          throw new OutOfStock(line.name, line.nameEs, line.label, line.labelEs, left?.stock ?? 0);
        }
      }
      const priced = lines.map((line) => ({
        name: line.name,
        nameEs: line.nameEs,
        label: line.label,
        labelEs: line.labelEs,
        variantId: line.variantId,
        unitPriceCents: variantPrice(line.productPrice, line.variantPrice),
        quantity: line.quantity,
      }));
      const subtotal = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const contact = o.contact;
      const shippingCents = contact.fulfillment === "shipping" ? o.shippingCents : 0;
      const expiresAt = new Date(o.now.getTime() + CHECKOUT_SESSION_MINUTES * 60 * 1000);
      const [order] = await tx
        .insert(orders)
        .values({
          status: "pending",
          userId: o.buyer.userId,
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          language: o.language,
          fulfillment: contact.fulfillment,
          shippingAddress:
            contact.fulfillment === "shipping"
              ? { line1: contact.line1, line2: contact.line2, city: contact.city, region: contact.state, postalCode: contact.zip }
              : null,
          subtotalCents: subtotal,
          shippingCents,
          totalCents: subtotal + shippingCents,
          expiresAt,
          buyerIpKey: o.buyer.ipKey,
          createdAt: o.now,
          updatedAt: o.now,
        })
        .returning({ id: orders.id, number: orders.number });
      await tx.insert(orderItems).values(
        priced.map((line) => ({
          orderId: order!.id,
          variantId: line.variantId,
          productName: line.name,
          productNameEs: line.nameEs,
          variantLabel: line.label,
          variantLabelEs: line.labelEs,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
        })),
      );
      return {
        ok: true,
        order: {
          id: order!.id,
          number: order!.number,
          expiresAt,
          shippingCents,
          lines: priced.map(({ name, nameEs, label, labelEs, unitPriceCents, quantity }) => ({
            name,
            nameEs,
            label,
            labelEs,
            unitPriceCents,
            quantity,
          })),
        },
      };
    });
  } catch (error) {
    if (error instanceof OutOfStock)
      return {
        ok: false,
        error: "onlyLeft",
        name: error.productName,
        nameEs: error.nameEs,
        label: error.label,
        labelEs: error.labelEs,
        stock: error.stock,
      };
    if (error instanceof OverLimit) return error.result;
    throw error;
  }
}

/**
 * Throws OverLimit when a product of `lines` is over the per-order limit, or would be over the
 * per-buyer limit with what the buyer already holds in pending orders. Locks the products'
 * rows (in the caller's transaction) before counting, so the count cannot go stale.
 */
async function checkBuyerLimits(
  tx: AppDatabase,
  lines: { productId: number; quantity: number; name: string; nameEs: string | null }[],
  buyer: CheckoutBuyer,
  now: Date,
): Promise<void> {
  const wanted = new Map<number, { quantity: number; name: string; nameEs: string | null }>();
  for (const line of lines) {
    const entry = wanted.get(line.productId) ?? { quantity: 0, name: line.name, nameEs: line.nameEs };
    entry.quantity += line.quantity;
    wanted.set(line.productId, entry);
  }
  const limit = ORDER_LIMIT_PER_PRODUCT;
  for (const { quantity, name, nameEs } of wanted.values()) {
    if (quantity > limit) throw new OverLimit({ ok: false, error: "orderLimit", name, nameEs, limit });
  }
  const productIds = [...wanted.keys()].sort((a, b) => a - b);
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(products.id).for("update");
  const byPerson = or(buyer.userId ? eq(orders.userId, buyer.userId) : undefined, sql`lower(${orders.email}) = lower(${buyer.email})`)!;
  const byNetwork = buyer.ipKey ? eq(orders.buyerIpKey, buyer.ipKey) : sql`false`;
  const held = await tx
    .select({
      productId: productVariants.productId,
      person: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${byPerson}), 0)::int`,
      network: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${byNetwork}), 0)::int`,
      oldest: sql<Date>`min(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(and(eq(orders.status, "pending"), inArray(productVariants.productId, productIds), or(byPerson, byNetwork)))
    .groupBy(productVariants.productId)
    .orderBy(productVariants.productId);
  for (const row of held) {
    const { quantity, name, nameEs } = wanted.get(row.productId)!;
    const person = Number(row.person);
    const network = Number(row.network);
    const overPerson = person + quantity > limit;
    if (!overPerson && network + quantity <= limit * buyer.ipScale) continue;
    const lapses = new Date(row.oldest).getTime() + STOCK_HOLD_MINUTES * 60 * 1000;
    const minutes = Math.max(1, Math.ceil((lapses - now.getTime()) / 60_000));
    throw new OverLimit({
      ok: false,
      error: "holdLimit",
      name,
      nameEs,
      limit: overPerson ? limit : limit * buyer.ipScale,
      held: overPerson ? person : network,
      minutes,
    });
  }
}

/** A checkout whose Stripe session could not be made: the order is canceled and its stock goes back. */
export async function cancelReservation(db: AppDatabase, orderId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseOrder(tx as unknown as AppDatabase, orderId, "canceled", now);
  });
}

/** Saves the Checkout Session's id on its order. */
export async function attachCheckoutSession(db: AppDatabase, orderId: string, sessionId: string, now: Date): Promise<void> {
  await db.update(orders).set({ stripeCheckoutSessionId: sessionId, updatedAt: now }).where(eq(orders.id, orderId));
}

/**
 * The buyer came back from Checkout without paying (its cancel link): the Stripe session is
 * expired first, so it can no longer be paid; only then is the order canceled, its stock put
 * back and its lines returned to `cartId`. When Stripe cannot expire it (already paid, or
 * unreachable) nothing changes here: the webhook or the sweeper settles the order.
 */
export async function returnCanceledCheckout(o: {
  db: AppDatabase;
  expireSession: (sessionId: string) => Promise<unknown>;
  orderId: string;
  cartId: string;
  now: Date;
}): Promise<boolean> {
  const [order] = await o.db
    .select({ status: orders.status, sessionId: orders.stripeCheckoutSessionId })
    .from(orders)
    .where(eq(orders.id, o.orderId));
  if (!order || order.status !== "pending" || !order.sessionId) return false;
  try {
    await o.expireSession(order.sessionId);
  } catch (error) {
    logger.warn({ err: error, order: o.orderId }, "store: the canceled checkout's session could not be expired; left to the webhook");
    return false;
  }
  return o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    if (!(await releaseOrder(db, o.orderId, "canceled", o.now))) return false;
    await tx.execute(sql`
      insert into ${cartItems} (cart_id, variant_id, quantity)
      select ${o.cartId}, variant_id, least(sum(quantity), ${CART_MAX_QUANTITY})::int from ${orderItems}
      where order_id = ${o.orderId} and variant_id is not null group by variant_id
      on conflict (cart_id, variant_id) do update set quantity = least(${cartItems.quantity} + excluded.quantity, ${CART_MAX_QUANTITY})`);
    return true;
  });
}
