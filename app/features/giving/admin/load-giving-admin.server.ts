import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { gifts, givingFunds, recurringGifts } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { escapeLike } from "~/lib/escape-like";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getStripe } from "~/server/stripe.server";
import { GIFTS_PAGE_SIZE, periodRange, type GivingFilters, type PeriodRange } from "./giving-filters";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** What a gift brought in after refunds: the amount, the fee the donor covered, less what was refunded. */
export const netCents = sql<number>`coalesce(sum(${gifts.amountCents} + ${gifts.feeCents} - ${gifts.refundedCents}), 0)::bigint`;

export interface GivingSummary {
  totalCents: number;
  gifts: number;
  donors: number;
  feesCents: number;
  refundsCents: number;
}

/** The period's totals (all funds; the fund/status/search filters apply to the list only). */
export async function givingSummary(
  db: AppDatabase,
  range: Pick<PeriodRange, "start" | "end">,
): Promise<{ summary: GivingSummary; byFund: { fundId: number | null; name: string; gifts: number; totalCents: number }[] }> {
  const inPeriod = and(gte(gifts.paidAt, range.start), lt(gifts.paidAt, range.end));
  const [[row], byFund] = await Promise.all([
    db
      .select({
        total: netCents,
        gifts: count(),
        donors: sql<number>`count(distinct lower(${gifts.donorEmail}))::int`,
        fees: sql<number>`coalesce(sum(${gifts.feeCents}), 0)::bigint`,
        refunds: sql<number>`coalesce(sum(${gifts.refundedCents}), 0)::bigint`,
      })
      .from(gifts)
      .where(inPeriod),
    db
      .select({
        fundId: gifts.fundId,
        name: sql<string>`coalesce(${givingFunds.name}, ${gifts.fundName})`,
        gifts: count(),
        total: netCents,
      })
      .from(gifts)
      .leftJoin(givingFunds, eq(givingFunds.id, gifts.fundId))
      .where(inPeriod)
      .groupBy(gifts.fundId, sql`coalesce(${givingFunds.name}, ${gifts.fundName})`)
      .orderBy(desc(netCents)),
  ]);
  return {
    summary: {
      totalCents: Number(row?.total ?? 0),
      gifts: Number(row?.gifts ?? 0),
      donors: Number(row?.donors ?? 0),
      feesCents: Number(row?.fees ?? 0),
      refundsCents: Number(row?.refunds ?? 0),
    },
    byFund: byFund.map((f) => ({ fundId: f.fundId, name: f.name, gifts: Number(f.gifts), totalCents: Number(f.total) })),
  };
}

/** The list's WHERE: the period plus the fund, status and donor search filters. */
export function giftFilterClause(filters: GivingFilters, range: Pick<PeriodRange, "start" | "end">): SQL | undefined {
  const parts: (SQL | undefined)[] = [gte(gifts.paidAt, range.start), lt(gifts.paidAt, range.end)];
  if (filters.fund) parts.push(eq(gifts.fundId, filters.fund));
  if (filters.status) parts.push(eq(gifts.status, filters.status));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    parts.push(or(ilike(gifts.donorName, pattern), ilike(gifts.donorEmail, pattern)));
  }
  return and(...parts);
}

export const giftColumns = {
  id: gifts.id,
  paidAt: gifts.paidAt,
  donorName: gifts.donorName,
  donorEmail: gifts.donorEmail,
  fundName: sql<string>`coalesce(${givingFunds.name}, ${gifts.fundName})`,
  amountCents: gifts.amountCents,
  feeCents: gifts.feeCents,
  refundedCents: gifts.refundedCents,
  frequency: gifts.frequency,
  status: gifts.status,
  paymentIntent: gifts.stripePaymentIntentId,
};

/** Everything /admin/giving shows. */
export async function loadGivingAdmin(o: {
  db: AppDatabase;
  language: Language;
  filters: GivingFilters;
  editFundId?: number | null;
  now?: Date;
}) {
  const { db, filters } = o;
  const timeZone = await churchTimeZone(db);
  const range = periodRange(filters, timeZone, o.now);
  const where = giftFilterClause(filters, range);
  const [totals, [listCount], list, recurring, funds, fundUse, settings] = await Promise.all([
    givingSummary(db, range),
    db.select({ n: count() }).from(gifts).where(where),
    db
      .select(giftColumns)
      .from(gifts)
      .leftJoin(givingFunds, eq(givingFunds.id, gifts.fundId))
      .where(where)
      .orderBy(desc(gifts.paidAt), desc(gifts.id))
      .limit(GIFTS_PAGE_SIZE)
      .offset((filters.page - 1) * GIFTS_PAGE_SIZE),
    db
      .select({
        id: recurringGifts.id,
        donorName: recurringGifts.donorName,
        donorEmail: recurringGifts.donorEmail,
        fundName: sql<string>`coalesce(${givingFunds.name}, ${recurringGifts.fundName})`,
        amountCents: recurringGifts.amountCents,
        frequency: recurringGifts.frequency,
        status: recurringGifts.status,
        createdAt: recurringGifts.createdAt,
      })
      .from(recurringGifts)
      .leftJoin(givingFunds, eq(givingFunds.id, recurringGifts.fundId))
      .orderBy(sql`case ${recurringGifts.status} when 'past_due' then 0 when 'active' then 1 else 2 end`, desc(recurringGifts.createdAt))
      .limit(200),
    db.select().from(givingFunds).orderBy(asc(givingFunds.sortOrder), asc(givingFunds.name), asc(givingFunds.id)),
    db.select({ fundId: gifts.fundId, n: count() }).from(gifts).groupBy(gifts.fundId),
    readChurchSettings(db),
  ]);
  const uses = new Map(fundUse.map((u) => [u.fundId, Number(u.n)]));
  const total = Number(listCount?.n ?? 0);
  const editing = o.editFundId ? (funds.find((f) => f.id === o.editFundId) ?? null) : null;
  return {
    timeZone,
    filters,
    range: { from: range.from, to: range.to, invalid: range.invalid },
    summary: totals.summary,
    byFund: totals.byFund,
    gifts: list.map((g) => ({ ...g, paidAt: g.paidAt.toISOString() })),
    giftsTotal: total,
    pages: Math.max(1, Math.ceil(total / GIFTS_PAGE_SIZE)),
    recurring: recurring.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    funds: funds.map((f) => ({
      id: f.id,
      name: localize(o.language, f.name, f.nameEs),
      active: f.active,
      sortOrder: f.sortOrder,
      gifts: uses.get(f.id) ?? 0,
    })),
    fundOptions: funds.map((f) => ({ id: f.id, name: localize(o.language, f.name, f.nameEs) })),
    editFund: editing
      ? {
          id: editing.id,
          values: {
            name: editing.name,
            nameEs: editing.nameEs ?? "",
            description: editing.description,
            descriptionEs: editing.descriptionEs ?? "",
            sortOrder: String(editing.sortOrder),
            active: editing.active ? "on" : "",
          },
        }
      : null,
    settings: {
      feePercent: settings ? formatPercent(settings.givingFeePercentBp) : "2.9",
      feeFixed: String(settings?.givingFeeFixedCents ?? 30),
      textKeyword: settings?.givingTextKeyword ?? "",
      textNumber: settings?.givingTextNumber ?? "",
      feePercentBp: settings?.givingFeePercentBp ?? 290,
      feeFixedCents: settings?.givingFeeFixedCents ?? 30,
    },
    stripeConfigured: getStripe() !== null,
  };
}

/** Basis points as the percentage an admin types: 290 → "2.9", 300 → "3". */
export function formatPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = String(bp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return rest ? `${whole}.${rest}` : String(whole);
}
