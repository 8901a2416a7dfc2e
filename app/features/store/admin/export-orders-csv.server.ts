import { formatInTimeZone } from "date-fns-tz";
import { desc } from "drizzle-orm";
import { orders } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { toCsv } from "~/lib/csv";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import { csvDollars } from "~/features/giving/admin/giving-filters";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { storeAdminTranslator } from "../store-admin-translation";
import { orderFilterClause, orderListColumns } from "./load-store-admin.server";
import type { OrderFilters } from "./store-filters";

/** The orders of /admin/store's filter as a CSV download (UTF-8 with a BOM, dollars, ISO dates in the church's zone), audited (`order.export`). */
export async function exportOrdersCsv(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  language: Language;
  filters: OrderFilters;
}): Promise<Response> {
  const t = storeAdminTranslator(o.language);
  const timeZone = await churchTimeZone(o.db);
  const rows = await o.db
    .select(orderListColumns)
    .from(orders)
    .where(orderFilterClause(o.filters))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  const header = (
    ["number", "date", "status", "name", "email", "phone", "fulfillment", "items", "subtotal", "shipping", "total", "refunded"] as const
  ).map((k) => t(`admin.csv.${k}`));
  const table = [
    header,
    ...rows.map((r) => [
      r.number,
      formatInTimeZone(r.createdAt, timeZone, "yyyy-MM-dd'T'HH:mm:ssXXX"),
      t(`admin.orderStatus.${r.status}`),
      r.name,
      r.email,
      r.phone ?? "",
      t(`admin.fulfillment.${r.fulfillment}`),
      Number(r.items),
      csvDollars(r.subtotalCents),
      csvDollars(r.shippingCents),
      csvDollars(r.totalCents),
      csvDollars(r.refundedCents),
    ]),
  ];
  await o.db.transaction(async (tx) => {
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "order.export",
        entityType: "order",
        entityId: null,
        after: { count: rows.length, status: o.filters.status, q: o.filters.q ?? null },
      },
    });
  });
  const day = formatInTimeZone(new Date(), timeZone, "yyyy-MM-dd");
  return new Response(`\uFEFF${toCsv(table)}`, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
