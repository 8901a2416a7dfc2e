import { and, asc, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { orderItems, orders, productVariants, products } from "~/db/schema";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getRequestContext } from "~/server/request-context.server";
import { cartItemCount, resolveShopper } from "./cart.server";
import { verifyOrderToken } from "./order-access.server";
import { releaseLapsedHoldsOf } from "./release-lapsed-holds.server";
import { STORE_CATEGORIES, variantPrice, type ProductCardView, type StoreCategory, type StoreImage, type VariantView } from "./store-model";
import { storeTranslator } from "./store-translation";
import { isLookupKey } from "~/server/route-param.server";

type ProductRow = typeof products.$inferSelect;

function imageOf(row: ProductRow, language: Language): StoreImage | null {
  if (!row.imageUrl) return null;
  return {
    imageUrl: row.imageUrl,
    variantBase: row.imageVariantBase,
    width: row.imageWidth,
    height: row.imageHeight,
    alt: localize(language, row.imageAlt ?? "", row.imageAltEs) || localize(language, row.name, row.nameEs),
  };
}

/** Headers for a store page: no caching (the cart is per person), plus the session/cart cookies. */
function storeHeaders(headers: Headers): Headers {
  const out = new Headers(headers);
  out.set("Cache-Control", "no-store");
  return out;
}

/** /store: the intro block, the active products (optionally of one category) and the cart's count. */
export async function loadStorePage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const intro = await loadIntroPage({ request, url });
  const param = url.searchParams.get("category");
  const category = (STORE_CATEGORIES as readonly string[]).includes(param ?? "") ? (param as StoreCategory) : null;
  const rows = await db
    .select()
    .from(products)
    .where(category ? and(eq(products.active, true), eq(products.category, category)) : eq(products.active, true))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id));
  const variants = rows.length
    ? await db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const cards: ProductCardView[] = rows.map((row) => {
    const mine = variants.filter((v) => v.productId === row.id);
    const prices = mine.map((v) => variantPrice(row.priceCents, v.priceCents));
    const lowest = prices.length ? Math.min(...prices) : row.priceCents;
    return {
      slug: row.slug,
      name: localize(language, row.name, row.nameEs),
      category: row.category,
      image: imageOf(row, language),
      priceCents: lowest,
      priceVaries: prices.some((p) => p !== lowest),
      inStock: mine.some((v) => v.stock > 0),
    };
  });
  const shopper = await resolveShopper(db, request);
  const cartCount = await cartItemCount(db, shopper.cartId);
  return data({ ...intro, products: cards, category, cartCount }, { headers: storeHeaders(shopper.headers) });
}

/** The active product behind a slug, or a 404. */
export async function findActiveProduct(db: AppDatabase, slug: string | undefined) {
  if (!isLookupKey(slug)) throw data(null, { status: 404 });
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)));
  if (!row) throw data(null, { status: 404 });
  return row;
}

/** /store/:slug: the product in the reader's language with its variants (stock included) and the cart's count. */
export async function loadProductPage({ request, slug }: { request: Request; slug: string | undefined }) {
  const { db, language } = getRequestContext(request);
  const row = await findActiveProduct(db, slug);
  // Stock held by checkouts that were not paid in time is back before the page shows it (issue 32).
  await releaseLapsedHoldsOf(db, [row.id]);
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, row.id))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  const variants: VariantView[] = variantRows.map((v) => ({
    id: v.id,
    label: localize(language, v.label, v.labelEs),
    priceCents: variantPrice(row.priceCents, v.priceCents),
    stock: v.stock,
  }));
  const name = localize(language, row.name, row.nameEs);
  const description = localize(language, row.description, row.descriptionEs);
  const shopper = await resolveShopper(db, request);
  const cartCount = await cartItemCount(db, shopper.cartId);
  const prices = variants.map((v) => v.priceCents);
  const lowest = prices.length ? Math.min(...prices) : row.priceCents;
  return data(
    {
      product: {
        slug: row.slug,
        name,
        description,
        category: row.category,
        image: imageOf(row, language),
        priceCents: lowest,
        priceVaries: prices.some((p) => p !== lowest),
      },
      variants,
      cartCount,
      seo: { title: name, description: description.slice(0, 160) || storeTranslator(language)("heading") },
    },
    { headers: storeHeaders(shopper.headers) },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /store/orders/:orderId: the buyer's order. Its member may open it signed in; anyone else
 * needs the link's token. Otherwise (or an unknown order) a 404, so order ids reveal nothing.
 * Right after Checkout (`session_id` present) a still-pending order reads "confirming".
 */
export async function loadOrderPage({ request, orderId }: { request: Request; orderId: string | undefined }) {
  const { db, language } = getRequestContext(request);
  if (!orderId || !UUID.test(orderId)) throw data(null, { status: 404 });
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId.toLowerCase()));
  if (!order) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const session = await getCurrentMember({ db, request });
  const owner = Boolean(session && order.userId && session.member.id === order.userId);
  if (!owner && !(await verifyOrderToken(order.id, url.searchParams.get("token")))) throw data(null, { status: 404 });
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const t = storeTranslator(language);
  const confirming = order.status === "pending" && url.searchParams.has("session_id");
  const headers = storeHeaders(session?.headers ?? new Headers());
  headers.set("Referrer-Policy", "no-referrer");
  return data(
    {
      order: {
        number: order.number,
        status: confirming ? ("confirming" as const) : order.status,
        name: order.name,
        email: order.email,
        phone: order.phone,
        fulfillment: order.fulfillment,
        shippingAddress: order.shippingAddress ?? null,
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        refundedCents: order.refundedCents,
        lines: items.map((item) => ({
          id: item.id,
          name: localize(language, item.productName, item.productNameEs),
          variant: localize(language, item.variantLabel, item.variantLabelEs),
          unitPriceCents: item.unitPriceCents,
          quantity: item.quantity,
        })),
      },
      seo: { title: t("order.heading", { number: String(order.number) }), description: t("heading") },
    },
    { headers },
  );
}
