import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Giving and the store (issue 8). Money is whole cents (integer) in one currency (USD).
 * Gifts and paid orders are written only from Stripe's signed webhooks (stripe_events makes
 * each event count once); what a visitor starts is a checkout, not a gift.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const GIFT_FREQUENCIES = ["one_time", "weekly", "biweekly", "monthly"] as const;
export type GiftFrequency = (typeof GIFT_FREQUENCIES)[number];

/** A fund people give to (tithes & offerings, missions, building…), edited in /admin/giving. */
export const givingFunds = pgTable("giving_funds", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  nameEs: text("name_es"),
  description: text("description").notNull().default(""),
  descriptionEs: text("description_es"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/**
 * One received payment: a one-time gift, or one payment of a recurring gift. `amount_cents`
 * is what goes to the fund; `fee_cents` the processing fee the donor chose to cover (0 when
 * not); the donor paid the sum. Refunds arrive from webhooks into `refunded_cents`.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fundId: integer("fund_id").references(() => givingFunds.id, { onDelete: "set null" }),
    /** The fund's English name when given (kept if the fund is later deleted). */
    fundName: text("fund_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    frequency: text("frequency", { enum: GIFT_FREQUENCIES }).notNull().default("one_time"),
    recurringGiftId: uuid("recurring_gift_id").references(() => recurringGifts.id, { onDelete: "set null" }),
    status: text("status", { enum: ["succeeded", "refunded", "partially_refunded"] })
      .notNull()
      .default("succeeded"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    /** One-time gifts: the Checkout Session; recurring payments: null (the invoice identifies them). */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeCustomerId: text("stripe_customer_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("gifts_amount", sql`${t.amountCents} > 0`),
    check("gifts_fee", sql`${t.feeCents} >= 0`),
    check("gifts_refunded", sql`${t.refundedCents} between 0 and ${t.amountCents} + ${t.feeCents}`),
    index("gifts_paid_at_idx").on(t.paidAt),
    index("gifts_user_idx").on(t.userId, t.paidAt),
    index("gifts_email_idx").on(sql`lower(${t.donorEmail})`),
    index("gifts_payment_intent_idx").on(t.stripePaymentIntentId),
    index("gifts_fund_idx").on(t.fundId, t.paidAt),
  ],
);

/** A recurring gift (a Stripe subscription): created from the completed Checkout, cancelled by the donor or staff. */
export const recurringGifts = pgTable(
  "recurring_gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    /** The Checkout Session that set it up (the thanks page finds it by this). */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    fundId: integer("fund_id").references(() => givingFunds.id, { onDelete: "set null" }),
    fundName: text("fund_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    frequency: text("frequency", { enum: ["weekly", "biweekly", "monthly"] }).notNull(),
    status: text("status", { enum: ["active", "past_due", "canceled"] })
      .notNull()
      .default("active"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check("recurring_gifts_amount", sql`${t.amountCents} > 0`), index("recurring_gifts_user_idx").on(t.userId)],
);

/**
 * Every Stripe webhook event that was processed, by its id: a replayed event finds its row
 * and changes nothing. Written in the same transaction as what the event changed.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** Whether a handler recognised it (false: acknowledged and ignored). */
  handled: boolean("handled").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const PRODUCT_CATEGORIES = ["books", "apparel", "media", "other"] as const;

/** A product in /store; what is sold is one of its variants (at least one, "default" when it has no sizes). */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    nameEs: text("name_es"),
    description: text("description").notNull().default(""),
    descriptionEs: text("description_es"),
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull().default("other"),
    /** /uploads/store/… (resized like gallery photos: AVIF/WebP at 480/960/1600) or a bundled /media/… image. */
    imageUrl: text("image_url"),
    /** The uploaded image's variants: `${base}-${width}.${format}`; null for a bundled image. */
    imageVariantBase: text("image_variant_base"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    imageAlt: text("image_alt"),
    imageAltEs: text("image_alt_es"),
    priceCents: integer("price_cents").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [check("products_price", sql`${t.priceCents} > 0`)],
);

/**
 * A size/format of a product with its own stock. `stock` is what can still be sold: checkout
 * takes the ordered quantity off (never below 0, the check enforces it) and an expired or
 * cancelled checkout puts it back.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** "" for a product without variants. */
    label: text("label").notNull().default(""),
    labelEs: text("label_es"),
    /** Overrides the product's price when set. */
    priceCents: integer("price_cents"),
    stock: integer("stock").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("product_variants_stock", sql`${t.stock} >= 0`),
    check("product_variants_price", sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    uniqueIndex("product_variants_label_idx").on(t.productId, t.label),
  ],
);

/**
 * A shopping cart: a member's (one per user) or a visitor's (found by the random id in an
 * HttpOnly cookie). Quantities only; prices are read at checkout.
 */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  ...timestamps,
});

export const cartItems = pgTable(
  "cart_items",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.variantId] }), check("cart_items_quantity", sql`${t.quantity} between 1 and 99`)],
);

export const ORDER_STATUSES = ["pending", "paid", "ready", "shipped", "picked_up", "refunded", "canceled", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order. Created `pending` at checkout with its stock reserved until `expires_at` (the
 * Checkout Session's expiry); `paid` only from the webhook; expired/cancelled give the stock back.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short number shown to people: "1042". */
    number: serial("number").notNull().unique(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    fulfillment: text("fulfillment", { enum: ["pickup", "shipping"] }).notNull(),
    /** { line1, line2, city, region, postalCode } when shipping. */
    shippingAddress: jsonb("shipping_address").$type<{
      line1: string;
      line2: string;
      city: string;
      region: string;
      postalCode: string;
    } | null>(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * A keyed hash of the buyer's network address while the order holds stock (never the
     * address itself): with the account and the email it says who holds what (issue 32).
     * Cleared when the order stops holding.
     */
    buyerIpKey: text("buyer_ip_key"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** Staff notes from /admin/store. */
    notes: text("notes").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("orders_total", sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents}`),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("orders_user_idx").on(t.userId),
    index("orders_payment_intent_idx").on(t.stripePaymentIntentId),
  ],
);

/** What was ordered, with the names and prices as they were (kept if the product changes). */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productNameEs: text("product_name_es"),
    variantLabel: text("variant_label").notNull().default(""),
    variantLabelEs: text("variant_label_es"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [check("order_items_quantity", sql`${t.quantity} > 0`), index("order_items_order_idx").on(t.orderId)],
);
