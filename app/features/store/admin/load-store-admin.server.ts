import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { orders, products, productVariants } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { escapeLike } from "~/lib/escape-like";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { ORDERS_PAGE_SIZE, type OrderFilters } from "./store-filters";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** The orders list's WHERE: the status filter and a search by number, name or email. */
export function orderFilterClause(filters: Pick<OrderFilters, "status" | "q">): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.status === "action") parts.push(inArray(orders.status, ["paid", "ready"]));
  else if (filters.status !== "all") parts.push(eq(orders.status, filters.status));
  if (filters.q) {
    // "#1042" is an order number only; bare digits also match names and emails.
    const numbered = /^#\s*(\d{1,9})$/.exec(filters.q);
    const pattern = `%${escapeLike(filters.q)}%`;
    if (numbered) parts.push(eq(orders.number, Number(numbered[1])));
    else if (/^\d{1,9}$/.test(filters.q))
      parts.push(or(eq(orders.number, Number(filters.q)), ilike(orders.name, pattern), ilike(orders.email, pattern)));
    else parts.push(or(ilike(orders.name, pattern), ilike(orders.email, pattern)));
  }
  return parts.length ? and(...parts) : undefined;
}

export const orderListColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  status: orders.status,
  fulfillment: orders.fulfillment,
  subtotalCents: orders.subtotalCents,
  shippingCents: orders.shippingCents,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  // Spelled out: drizzle leaves column names unqualified in a one-table select, and both tables have "id".
  items: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
};

/** Everything /admin/store shows: the orders (filtered, paged), the products with their stock, the store settings. */
export async function loadStoreAdmin(o: { db: AppDatabase; language: Language; filters: OrderFilters }) {
  const { db, filters } = o;
  const where = orderFilterClause(filters);
  const [timeZone, [total], list, productRows, settings] = await Promise.all([
    churchTimeZone(db),
    db.select({ n: count() }).from(orders).where(where),
    db
      .select(orderListColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filters.page - 1) * ORDERS_PAGE_SIZE),
    db
      .select({
        id: products.id,
        name: products.name,
        nameEs: products.nameEs,
        category: products.category,
        priceCents: products.priceCents,
        active: products.active,
        stock: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int`,
      })
      .from(products)
      .leftJoin(productVariants, eq(productVariants.productId, products.id))
      .groupBy(products.id)
      .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id)),
    readChurchSettings(db),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    timeZone,
    filters,
    orders: list.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
      items: Number(r.items),
    })),
    ordersTotal: n,
    pages: Math.max(1, Math.ceil(n / ORDERS_PAGE_SIZE)),
    products: productRows.map((p) => ({
      id: p.id,
      name: localize(o.language, p.name, p.nameEs),
      category: p.category,
      priceCents: p.priceCents,
      active: p.active,
      stock: Number(p.stock),
    })),
    settings: { shipping: dollarsText(settings?.storeShippingCents ?? 800), shippingEnabled: settings?.storeShippingEnabled ?? true },
  };
}

/** Cents as the dollars an admin types: 800 → "8.00". */
export function dollarsText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
