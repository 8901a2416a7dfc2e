import { data, redirect } from "react-router";
import { and, eq } from "drizzle-orm";
import { cartItems, productVariants } from "~/db/schema";
import { clientIp } from "~/server/request-input.server";
import { localize } from "~/i18n/localize";
import { echo } from "~/platform/forms/field-errors";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { getStripe } from "~/server/stripe.server";
import { buyerIpKey } from "./buyer-ip-key.server";
import { addToCart, emptyCart, loadCartLines, removeCartLine, resolveShopper, updateCartLine, type CartChangeRefusal } from "./cart.server";
import { createOrderToken, orderPageUrl, verifyOrderToken } from "./order-access.server";
import { releaseLapsedHoldsOf } from "./release-lapsed-holds.server";
import { ORDER_LIMIT_PER_PRODUCT } from "./store-model";
import {
  cartFormError,
  CHECKOUT_FIELDS,
  checkoutFieldErrors,
  ZAddToCart,
  ZCheckout,
  ZRemoveLine,
  ZUpdateLine,
  type CheckoutInput,
} from "./store-input.server";
import {
  attachCheckoutSession,
  cancelReservation,
  releaseExpiredOrders,
  reserveOrder,
  returnCanceledCheckout,
  type ReservedOrder,
} from "./store-orders.server";
import { findActiveProduct } from "./store-pages.server";
import { storeTranslator } from "./store-translation";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** Checkouts started from one IP and by one member in an hour (the IP limit scales like the sign-in limits). */
export const checkoutLimits = { ip: { limit: 20, windowSeconds: 60 * 60 }, member: { limit: 10, windowSeconds: 60 * 60 } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type StoreActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; fieldErrors: Record<string, string>; values: Record<string, string>; variantId?: number };

function noStore(headers?: Headers): Headers {
  const out = new Headers(headers);
  out.set("Cache-Control", "no-store");
  return out;
}

/** The form's string fields, or null when one is not a string or carries control characters. */
function readForm(form: FormData | null): Record<string, string> | null {
  if (!form) return null;
  const input: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || CONTROL_CHARACTER.test(value)) return null;
    input[key] = value;
  }
  return input;
}

function cartErrorMessage(
  t: ReturnType<typeof storeTranslator>,
  language: Language,
  refusal: CartChangeRefusal,
): { status: number; message: string } {
  const { error, stock } = refusal;
  if (error === "orderLimit") {
    return {
      status: 409,
      message: t("errors.orderLimit", {
        limit: String(ORDER_LIMIT_PER_PRODUCT),
        name: localize(language, refusal.name ?? "", refusal.nameEs ?? null),
      }),
    };
  }
  if (error === "notEnough") return { status: 409, message: t("errors.notEnough", { count: String(stock) }) };
  if (error === "soldOut") return { status: 409, message: t("errors.soldOut") };
  if (error === "notInCart") return { status: 404, message: t("errors.notInCart") };
  return { status: 404, message: t("errors.unknownVariant") };
}

/** "Add to cart" on /store/:slug: a variant of this product and a quantity (1..99, within the stock). */
export async function runProductAction({ request, slug }: { request: Request; slug: string | undefined }) {
  const { db, language } = getRequestContext(request);
  const t = storeTranslator(language);
  const product = await findActiveProduct(db, slug);
  const input = readForm(await request.formData().catch(() => null));
  const values = { variantId: echo(input, "variantId", 12), quantity: echo(input, "quantity", 6) };
  const fail = (status: number, message: string, headers?: Headers) =>
    data<StoreActionData>({ ok: false, intent: "add", message, fieldErrors: {}, values }, { status, headers: noStore(headers) });
  if (!input || input.intent !== "add") return fail(400, t("errors.invalidRequest"));
  const parsed = ZAddToCart.safeParse(input);
  if (!parsed.success) return fail(400, t(`errors.${cartFormError(parsed.error.issues)}`));
  const { variantId, quantity } = parsed.data;
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, product.id)));
  if (!variant) return fail(404, t("errors.unknownVariant"));
  const shopper = await resolveShopper(db, request, { create: true });
  await releaseLapsedHoldsOf(db, [product.id]);
  const result = await addToCart(db, shopper.cartId!, variantId, quantity);
  if (!result.ok) {
    const { status, message } = cartErrorMessage(t, language, result);
    return fail(status, message, shopper.headers);
  }
  return data<StoreActionData>(
    {
      ok: true,
      intent: "add",
      message: t("product.added", { quantity: String(quantity), name: localize(language, product.name, product.nameEs) }),
    },
    { headers: noStore(shopper.headers) },
  );
}

/** Whether online checkout is possible, the shipping settings, and the church's pickup address. */
async function storeSettings(db: AppDatabase) {
  const church = await readChurchSettings(db);
  return {
    checkoutEnabled: getStripe() !== null,
    shippingEnabled: church?.storeShippingEnabled ?? false,
    shippingCents: church?.storeShippingCents ?? 0,
  };
}

/** /store/cart: the lines (capped to the stock), totals, the checkout's settings and the member's details to prefill. */
export async function loadCartPage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const url = new URL(request.url);
  const canceledOrder = url.searchParams.get("canceled");
  if (canceledOrder && canceledOrder !== "returned" && canceledOrder !== "held") {
    // Back from Checkout without paying: the order's items return to the cart, then a clean address.
    const stripe = getStripe();
    if (stripe && UUID.test(canceledOrder) && (await verifyOrderToken(canceledOrder, url.searchParams.get("token")))) {
      const shopper = await resolveShopper(db, request, { create: true });
      const returned = await returnCanceledCheckout({
        db,
        expireSession: (id) => stripe.client.checkout.sessions.expire(id),
        orderId: canceledOrder,
        cartId: shopper.cartId!,
        now: new Date(),
      });
      throw redirect(`/store/cart?canceled=${returned ? "returned" : "held"}${language === "es" ? "&lang=es" : ""}`, {
        headers: noStore(shopper.headers),
      });
    }
    throw redirect(`/store/cart?canceled=held${language === "es" ? "&lang=es" : ""}`, { headers: noStore() });
  }
  const shopper = await resolveShopper(db, request);
  const lines = await loadCartLines(db, shopper.cartId, language);
  const settings = await storeSettings(db);
  const m = shopper.session?.member;
  const t = storeTranslator(language);
  return data(
    {
      lines,
      subtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
      cartCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      ...settings,
      // "returned": the items are back in the cart; "held": they return to the store when the session expires.
      canceled: canceledOrder === "returned" || canceledOrder === "held" ? canceledOrder : null,
      contact: { name: m && m.name !== m.email && m.name !== m.phone ? m.name : "", email: m?.email ?? "", phone: m?.phone ?? "" },
      seo: { title: t("cart.heading"), description: t("heading") },
    },
    { headers: noStore(shopper.headers) },
  );
}

/** A /store/cart post: "update" or "remove" a line, or "checkout". */
export async function runCartAction({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = storeTranslator(language);
  const input = readForm(await request.formData().catch(() => null));
  const intent = input?.intent ?? "";
  const values: Record<string, string> = {};
  for (const field of [...CHECKOUT_FIELDS, "variantId", "quantity"]) values[field] = echo(input, field, 254);
  const fail = (status: number, message: string, o: { fieldErrors?: Record<string, string>; headers?: Headers; variantId?: number } = {}) =>
    data<StoreActionData>(
      { ok: false, intent, message, fieldErrors: o.fieldErrors ?? {}, values, variantId: o.variantId },
      { status, headers: noStore(o.headers) },
    );
  if (!input || !["update", "remove", "checkout"].includes(intent)) return fail(400, t("errors.invalidRequest"));

  const shopper = await resolveShopper(db, request);
  if (intent === "update" || intent === "remove") {
    const variantId = Number(input.variantId) || undefined;
    if (intent === "remove") {
      const parsed = ZRemoveLine.safeParse(input);
      if (!parsed.success) return fail(400, t(`errors.${cartFormError(parsed.error.issues)}`), { headers: shopper.headers, variantId });
      if (!(await removeCartLine(db, shopper.cartId, parsed.data.variantId)))
        return fail(404, t("errors.notInCart"), { headers: shopper.headers, variantId });
      return data<StoreActionData>({ ok: true, intent, message: t("cart.removed") }, { headers: noStore(shopper.headers) });
    }
    const parsed = ZUpdateLine.safeParse(input);
    if (!parsed.success) return fail(400, t(`errors.${cartFormError(parsed.error.issues)}`), { headers: shopper.headers, variantId });
    const result = await updateCartLine(db, shopper.cartId, parsed.data.variantId, parsed.data.quantity);
    if (!result.ok) {
      const { status, message } = cartErrorMessage(t, language, result);
      return fail(status, message, { headers: shopper.headers, variantId });
    }
    return data<StoreActionData>({ ok: true, intent, message: t("cart.updated") }, { headers: noStore(shopper.headers) });
  }
  return checkout({ db, request, language, input, shopper, fail });
}

async function checkout(o: {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, string>;
  shopper: Awaited<ReturnType<typeof resolveShopper>>;
  fail: (
    status: number,
    message: string,
    o?: { fieldErrors?: Record<string, string>; headers?: Headers },
  ) => ReturnType<typeof data<StoreActionData>>;
}) {
  const { db, request, language, input, shopper, fail } = o;
  const t = storeTranslator(language);
  const headers = shopper.headers;
  const stripe = getStripe();
  if (!stripe) return fail(409, t("errors.notConfigured"), { headers });
  const settings = await storeSettings(db);
  const parsed = ZCheckout.safeParse(input);
  if (!parsed.success) {
    const keys = checkoutFieldErrors(parsed.error.issues);
    const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(`errors.${key}`)]));
    return fail(422, t("checkout.errorSummary"), { fieldErrors, headers });
  }
  const contact: CheckoutInput = parsed.data;
  if (contact.fulfillment === "shipping" && !settings.shippingEnabled)
    return fail(422, t("errors.shippingOff"), { fieldErrors: { fulfillment: t("errors.shippingOff") }, headers });
  if (!shopper.cartId) return fail(409, t("errors.emptyCart"), { headers });

  const scale = getEnv().RATE_LIMIT_IP_SCALE;
  const limits = [
    await consumeRateLimit(db, `store:checkout:ip:${clientIp(request)}`, { ...checkoutLimits.ip, limit: checkoutLimits.ip.limit * scale }),
  ];
  if (shopper.session) limits.push(await consumeRateLimit(db, `store:checkout:member:${shopper.session.member.id}`, checkoutLimits.member));
  const blocked = limits.find((l) => !l.allowed);
  if (blocked)
    return fail(429, t("errors.rateLimited", { minutes: String(Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60))) }), { headers });

  const now = new Date();
  await releaseExpiredOrders(db, now);
  const inCart = await db
    .selectDistinct({ productId: productVariants.productId })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.cartId, shopper.cartId));
  await releaseLapsedHoldsOf(
    db,
    inCart.map((row) => row.productId),
  );
  const lines = await loadCartLines(db, shopper.cartId, language);
  if (lines.length === 0) return fail(409, t("errors.emptyCart"), { headers });
  // A line whose stock dropped since the buyer saw the cart: it was just capped; say so first.
  const short = lines.find((line) => line.capped);
  if (short)
    return fail(
      409,
      t("errors.onlyLeft", { count: String(short.stock), name: short.variant ? `${short.name} (${short.variant})` : short.name }),
      { headers },
    );
  if (lines.some((line) => !line.available)) return fail(409, t("errors.cartNeedsAttention"), { headers });

  const buyer = {
    userId: shopper.session?.member.id ?? null,
    email: contact.email,
    ipKey: await buyerIpKey(clientIp(request)),
    ipScale: scale,
  };
  const reserved = await reserveOrder({ db, cartId: shopper.cartId, buyer, language, contact, shippingCents: settings.shippingCents, now });
  if (!reserved.ok) {
    if (reserved.error === "emptyCart") return fail(409, t("errors.emptyCart"), { headers });
    if (reserved.error === "orderLimit")
      return fail(
        409,
        t("errors.orderLimit", { limit: String(reserved.limit), name: localize(language, reserved.name, reserved.nameEs) }),
        { headers },
      );
    if (reserved.error === "holdLimit") {
      const values = {
        count: String(reserved.held),
        limit: String(reserved.limit),
        name: localize(language, reserved.name, reserved.nameEs),
        minutes: String(reserved.minutes),
      };
      return fail(409, t("errors.holdLimit", values), { headers });
    }
    const name = localize(language, reserved.name, reserved.nameEs);
    const label = localize(language, reserved.label, reserved.labelEs);
    return fail(409, t("errors.onlyLeft", { count: String(reserved.stock), name: label ? `${name} (${label})` : name }), { headers });
  }
  const order = reserved.order;
  let sessionUrl: string;
  try {
    const session = await createOrderSession(stripe.client, order, contact, language);
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    sessionUrl = session.url;
    await attachCheckoutSession(db, order.id, session.id, new Date());
  } catch (error) {
    logger.error({ err: error, order: order.id }, "store checkout: Stripe session failed; reservation released");
    await cancelReservation(db, order.id, new Date());
    return fail(503, t("errors.stripe"), { headers });
  }
  await emptyCart(
    db,
    shopper.cartId,
    lines.map((line) => line.variantId),
  );
  return redirect(sessionUrl, { headers: noStore(headers) });
}

/** The Stripe Checkout Session of an order: its lines in the buyer's language, shipping, its expiry, back to the order page. */
async function createOrderSession(
  client: NonNullable<ReturnType<typeof getStripe>>["client"],
  order: ReservedOrder,
  contact: CheckoutInput,
  language: Language,
) {
  const t = storeTranslator(language);
  const site = siteUrl(getEnv());
  const success = `${await orderPageUrl({ siteUrl: site, orderId: order.id, language })}&session_id={CHECKOUT_SESSION_ID}`;
  // Back without paying: the cart page expires the session and returns the items (the token proves the order is theirs).
  const cancelUrl = new URL("/store/cart", site);
  cancelUrl.searchParams.set("canceled", order.id);
  cancelUrl.searchParams.set("token", await createOrderToken(order.id));
  if (language === "es") cancelUrl.searchParams.set("lang", "es");
  const cancel = cancelUrl.toString();
  return client.checkout.sessions.create(
    {
      mode: "payment",
      line_items: order.lines.map((line) => {
        const name = localize(language, line.name, line.nameEs);
        const label = localize(language, line.label, line.labelEs);
        return {
          quantity: line.quantity,
          price_data: {
            currency: "usd",
            unit_amount: line.unitPriceCents,
            product_data: { name: (label ? `${name} (${label})` : name).slice(0, 250) },
          },
        };
      }),
      ...(order.shippingCents > 0
        ? {
            shipping_options: [
              {
                shipping_rate_data: {
                  type: "fixed_amount" as const,
                  display_name: t("cart.shipping"),
                  fixed_amount: { amount: order.shippingCents, currency: "usd" },
                },
              },
            ],
          }
        : {}),
      customer_email: contact.email,
      client_reference_id: order.id,
      metadata: { kind: "order", order_id: order.id, order_number: String(order.number) },
      payment_intent_data: { metadata: { kind: "order", order_id: order.id } },
      locale: language,
      expires_at: Math.floor(order.expiresAt.getTime() / 1000),
      success_url: success,
      cancel_url: cancel,
    },
    { idempotencyKey: `store-order-${order.id}` },
  );
}
