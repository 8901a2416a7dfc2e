import { formatInTimeZone } from "date-fns-tz";
import { desc, eq } from "drizzle-orm";
import { gifts, givingFunds } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { toCsv } from "~/lib/csv";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { givingAdminTranslator } from "../giving-admin-translation";
import { csvDollars, periodRange, type GivingFilters } from "./giving-filters";
import { giftColumns, giftFilterClause } from "./load-giving-admin.server";

/**
 * The gifts of /admin/giving's period and filters as a CSV download (UTF-8 with a BOM, amounts
 * in dollars with two decimals, dates ISO 8601 in the church's time zone), audited (`gift.export`).
 */
export async function exportGiftsCsv(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  language: Language;
  filters: GivingFilters;
}): Promise<Response> {
  const t = givingAdminTranslator(o.language);
  const timeZone = await churchTimeZone(o.db);
  const range = periodRange(o.filters, timeZone);
  const rows = await o.db
    .select(giftColumns)
    .from(gifts)
    .leftJoin(givingFunds, eq(givingFunds.id, gifts.fundId))
    .where(giftFilterClause(o.filters, range))
    .orderBy(desc(gifts.paidAt), desc(gifts.id));
  const table = [
    [
      t("admin.csv.date"),
      t("admin.csv.donor"),
      t("admin.csv.email"),
      t("admin.csv.fund"),
      t("admin.csv.amount"),
      t("admin.csv.fee"),
      t("admin.csv.refunded"),
      t("admin.csv.frequency"),
      t("admin.csv.status"),
      t("admin.csv.paymentId"),
    ],
    ...rows.map((g) => [
      formatInTimeZone(g.paidAt, timeZone, "yyyy-MM-dd'T'HH:mm:ssXXX"),
      g.donorName,
      g.donorEmail,
      g.fundName,
      csvDollars(g.amountCents),
      csvDollars(g.feeCents),
      csvDollars(g.refundedCents),
      t(`admin.frequency.${g.frequency}`),
      t(`admin.status.${g.status}`),
      g.paymentIntent ?? "",
    ]),
  ];
  await o.db.transaction(async (tx) => {
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "gift.export",
        entityType: "gift",
        entityId: null,
        after: {
          count: rows.length,
          from: range.from,
          to: range.to,
          fund: o.filters.fund ?? null,
          status: o.filters.status ?? null,
          q: o.filters.q ?? null,
        },
      },
    });
  });
  return new Response(`\uFEFF${toCsv(table)}`, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gifts-${range.from}-to-${range.to}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
