import { fromZonedTime, formatInTimeZone } from "date-fns-tz";
import { z } from "zod";
import { readSearchQuery } from "~/lib/search-query";

/** The /admin/giving GET filters (period, fund, status, donor search, page); anything malformed falls back to a default. */
export const GIVING_PERIODS = ["this-month", "last-month", "this-year", "last-year", "custom"] as const;
export type GivingPeriod = (typeof GIVING_PERIODS)[number];
export const GIFT_STATUSES = ["succeeded", "refunded", "partially_refunded"] as const;
export const GIFTS_PAGE_SIZE = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  });

const ZGivingFilters = z.object({
  period: z.enum(GIVING_PERIODS).catch("this-month"),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  fund: z.coerce.number().int().min(1).max(1_000_000_000).optional().catch(undefined),
  status: z.enum(GIFT_STATUSES).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined)
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type GivingFilters = z.infer<typeof ZGivingFilters>;

export function readGivingFilters(url: URL): GivingFilters {
  const get = (name: string) => url.searchParams.get(name) || undefined;
  return ZGivingFilters.parse({
    period: get("period"),
    from: get("from"),
    to: get("to"),
    fund: get("fund"),
    status: get("status"),
    q: readSearchQuery(url) || undefined,
    page: get("page"),
  });
}

/** The filters as a query string (page left out unless asked), for links and the CSV export. */
export function givingQuery(filters: GivingFilters, o: { page?: number } = {}): string {
  const params = new URLSearchParams({ period: filters.period });
  if (filters.period === "custom") {
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
  }
  if (filters.fund) params.set("fund", String(filters.fund));
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (o.page && o.page > 1) params.set("page", String(o.page));
  return params.toString();
}

export interface PeriodRange {
  /** First and last day (inclusive), YYYY-MM-DD in the church's time zone. */
  from: string;
  to: string;
  /** [start, end) as instants. */
  start: Date;
  end: Date;
  /** A custom period whose dates were missing or reversed: this month is shown instead. */
  invalid: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");
function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The period's days and instants in the church's time zone (midnight to midnight there). */
export function periodRange(filters: Pick<GivingFilters, "period" | "from" | "to">, timeZone: string, now = new Date()): PeriodRange {
  const today = formatInTimeZone(now, timeZone, "yyyy-MM-dd");
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  let from: string;
  let to: string;
  let invalid = false;
  switch (filters.period) {
    case "last-month": {
      const y = month === 1 ? year - 1 : year;
      const m = month === 1 ? 12 : month - 1;
      from = `${y}-${pad(m)}-01`;
      to = lastDayOfMonth(y, m);
      break;
    }
    case "this-year":
      from = `${year}-01-01`;
      to = `${year}-12-31`;
      break;
    case "last-year":
      from = `${year - 1}-01-01`;
      to = `${year - 1}-12-31`;
      break;
    case "custom":
      if (filters.from && filters.to && filters.from <= filters.to) {
        from = filters.from;
        to = filters.to;
        break;
      }
      invalid = true;
      from = `${year}-${pad(month)}-01`;
      to = lastDayOfMonth(year, month);
      break;
    default:
      from = `${year}-${pad(month)}-01`;
      to = lastDayOfMonth(year, month);
  }
  return {
    from,
    to,
    start: fromZonedTime(`${from}T00:00:00`, timeZone),
    end: fromZonedTime(`${addDays(to, 1)}T00:00:00`, timeZone),
    invalid,
  };
}

/** Cents as a plain dollar figure with two decimals for CSV ("1234.50", "-3.00"). */
export function csvDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${pad(abs % 100)}`;
}
