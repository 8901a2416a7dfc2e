import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { cartItems, carts, productVariants, products } from "~/db/schema";
import { getCurrentMember, type MemberSession } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { CART_MAX_QUANTITY, ORDER_LIMIT_PER_PRODUCT, variantPrice, type CartLineView } from "./store-model";

/** The visitor cart's cookie: the cart's random id. HttpOnly, SameSite=Lax, Secure on https, only sent to /store. */
export const CART_COOKIE = "store_cart";
const CART_COOKIE_DAYS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Secure cookies when the site is served over https (as the session and admin cookies decide). */
function secureCookies(): boolean {
  return siteUrl(getEnv()).startsWith("https://");
}

export function readCartCookie(cookieHeader: string | null | undefined): string | null {
  const match = new RegExp(`(?:^|;\\s*)${CART_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  const value = match?.[1]?.trim().toLowerCase() ?? "";
  return UUID.test(value) ? value : null;
}

function cartCookie(cartId: string): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${CART_COOKIE}=${cartId}; Path=/store; HttpOnly; SameSite=Lax; Max-Age=${CART_COOKIE_DAYS * 24 * 60 * 60}${secure}`;
}

function clearCartCookie(): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${CART_COOKIE}=; Path=/store; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export interface StoreShopper {
  session: MemberSession | null;
  /** The cart, or null while the shopper has none (made on the first add). */
  cartId: string | null;
  /** Set-Cookie headers to send (the session refresh, the visitor cookie). */
  headers: Headers;
}

/**
 * Who is shopping and their cart. A member's cart is theirs by user id; a visitor's is the
 * one named by the cookie (only a cart without an owner). A visitor cart met by a signed-in
 * member is merged into theirs (quantities added, at most 99) and its cookie dropped.
 * `create` makes the cart when there is none (adding to it).
 */
export async function resolveShopper(db: AppDatabase, request: Request, options: { create?: boolean } = {}): Promise<StoreShopper> {
  const session = await getCurrentMember({ db, request });
  const headers = new Headers(session?.headers);
  const cookieCart = readCartCookie(request.headers.get("cookie"));
  if (session) {
    const userId = session.member.id;
    let [mine] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    if (cookieCart) {
      await mergeVisitorCart(db, cookieCart, userId);
      headers.append("Set-Cookie", clearCartCookie());
      [mine] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    }
    if (!mine && options.create) {
      await db.insert(carts).values({ userId }).onConflictDoNothing();
      [mine] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    }
    return { session, cartId: mine?.id ?? null, headers };
  }
  if (cookieCart) {
    const [found] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, cookieCart), isNull(carts.userId)));
    if (found) return { session, cartId: found.id, headers };
  }
  if (!options.create) {
    if (cookieCart) headers.append("Set-Cookie", clearCartCookie());
    return { session, cartId: null, headers };
  }
  const [made] = await db.insert(carts).values({}).returning({ id: carts.id });
  headers.append("Set-Cookie", cartCookie(made!.id));
  return { session, cartId: made!.id, headers };
}

/** Moves a visitor cart's lines into the member's cart (made if needed) and deletes it, in one transaction. */
export async function mergeVisitorCart(db: AppDatabase, visitorCartId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, visitorCartId), isNull(carts.userId)))
      .for("update");
    if (!visitor) return;
    const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, visitor.id));
    if (lines.length > 0) {
      await tx.insert(carts).values({ userId }).onConflictDoNothing();
      const [mine] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
      for (const line of lines) {
        await tx
          .insert(cartItems)
          .values({ cartId: mine!.id, variantId: line.variantId, quantity: line.quantity })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.variantId],
            set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_MAX_QUANTITY})` },
          });
      }
    }
    await tx.delete(carts).where(eq(carts.id, visitor.id));
  });
}

/** How many items are in a cart (the cart link's count). */
export async function cartItemCount(db: AppDatabase, cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return Number(row?.count ?? 0);
}

/**
 * A cart's lines in the reader's language, oldest first. A line whose variant has less stock
 * than its quantity is lowered to what is left (and flagged); one with nothing left, or whose
 * product was taken out of the store, is flagged as not available.
 */
export async function loadCartLines(db: AppDatabase, cartId: string | null, language: Language): Promise<CartLineView[]> {
  if (!cartId) return [];
  const rows = await db
    .select({
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      slug: products.slug,
      name: products.name,
      nameEs: products.nameEs,
      active: products.active,
      label: productVariants.label,
      labelEs: productVariants.labelEs,
      productPrice: products.priceCents,
      variantPrice: productVariants.priceCents,
      stock: productVariants.stock,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
  const lines: CartLineView[] = [];
  for (const row of rows) {
    const capped = row.stock < row.quantity;
    let quantity = row.quantity;
    if (capped && row.stock > 0) {
      quantity = row.stock;
      await db
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, row.variantId)));
    }
    lines.push({
      variantId: row.variantId,
      slug: row.slug,
      name: localize(language, row.name, row.nameEs),
      variant: localize(language, row.label, row.labelEs),
      unitPriceCents: variantPrice(row.productPrice, row.variantPrice),
      quantity,
      stock: row.stock,
      capped,
      available: row.active && row.stock > 0,
    });
  }
  return lines;
}

export type CartChangeError = "unknownVariant" | "soldOut" | "notEnough" | "notInCart" | "orderLimit";

/** A refused cart change; `stock` is what is left, and an "orderLimit" names the product. */
export type CartChangeRefusal = { ok: false; error: CartChangeError; stock: number; name?: string; nameEs?: string | null };

/** A variant that can be put in a cart: its product is active. */
export async function findSellableVariant(db: AppDatabase, variantId: number) {
  const [row] = await db
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      nameEs: products.nameEs,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), eq(products.active, true)));
  return row ?? null;
}

/** How many of a product (all its options) a cart holds, leaving out one variant's line. */
async function productQuantityInCart(db: AppDatabase, cartId: string, productId: number, exceptVariantId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.cartId, cartId), eq(productVariants.productId, productId), sql`${cartItems.variantId} <> ${exceptVariantId}`));
  return Number(row?.quantity ?? 0);
}

/** Adds `quantity` of a variant (the line's total stays within 99 and the stock; the product's within the order limit). */
export async function addToCart(
  db: AppDatabase,
  cartId: string,
  variantId: number,
  quantity: number,
): Promise<{ ok: true; quantity: number } | CartChangeRefusal> {
  const variant = await findSellableVariant(db, variantId);
  if (!variant) return { ok: false, error: "unknownVariant", stock: 0 };
  if (variant.stock <= 0) return { ok: false, error: "soldOut", stock: 0 };
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  const total = (existing?.quantity ?? 0) + quantity;
  if (total > Math.min(variant.stock, CART_MAX_QUANTITY))
    return { ok: false, error: "notEnough", stock: Math.min(variant.stock, CART_MAX_QUANTITY) };
  if (total + (await productQuantityInCart(db, cartId, variant.productId, variantId)) > ORDER_LIMIT_PER_PRODUCT) {
    return { ok: false, error: "orderLimit", stock: variant.stock, name: variant.name, nameEs: variant.nameEs };
  }
  await db
    .insert(cartItems)
    .values({ cartId, variantId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_MAX_QUANTITY})` },
    });
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  return { ok: true, quantity: total };
}

/** Sets a line's quantity (1..99, at most the stock; the product's within the order limit). */
export async function updateCartLine(
  db: AppDatabase,
  cartId: string | null,
  variantId: number,
  quantity: number,
): Promise<{ ok: true } | CartChangeRefusal> {
  if (!cartId) return { ok: false, error: "notInCart", stock: 0 };
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  if (!line) return { ok: false, error: "notInCart", stock: 0 };
  const variant = await findSellableVariant(db, variantId);
  if (!variant) return { ok: false, error: "unknownVariant", stock: 0 };
  if (quantity > variant.stock) return { ok: false, error: variant.stock === 0 ? "soldOut" : "notEnough", stock: variant.stock };
  // Lowering a line is always allowed (a cart filled before the limit may be over it).
  if (
    quantity > line.quantity &&
    quantity + (await productQuantityInCart(db, cartId, variant.productId, variantId)) > ORDER_LIMIT_PER_PRODUCT
  ) {
    return { ok: false, error: "orderLimit", stock: variant.stock, name: variant.name, nameEs: variant.nameEs };
  }
  await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  return { ok: true };
}

export async function removeCartLine(db: AppDatabase, cartId: string | null, variantId: number): Promise<boolean> {
  if (!cartId) return false;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)))
    .returning({ id: cartItems.variantId });
  return removed.length > 0;
}

/** Empties a cart after its checkout started. */
export async function emptyCart(db: AppDatabase, cartId: string, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.variantId, variantIds)));
}
