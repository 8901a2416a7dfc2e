import { z } from "zod";

export const FUNDRAISER_FIELDS = [
  "title",
  "heldOn",
  "menu",
  "mealsSold",
  "revenue",
  "volunteers",
  "registrations",
  "attendees",
  "notes",
] as const;
export type FundraiserField = (typeof FUNDRAISER_FIELDS)[number];
export type FundraiserValues = Record<FundraiserField, string>;

export const TITLE_MAX = 200;
export const MENU_MAX = 2000;
export const NOTES_MAX = 4000;
/** Whole numbers up to this (and revenue up to this many dollars) fit the integer columns. */
export const COUNT_MAX = 1_000_000;
export const REVENUE_MAX_DOLLARS = 10_000_000;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function fundraiserValues(input: Record<string, unknown>): FundraiserValues {
  return Object.fromEntries(FUNDRAISER_FIELDS.map((field) => [field, text(input[field])])) as FundraiserValues;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const heldOn = z
  .string()
  .trim()
  .refine((value) => {
    if (!ISO_DATE.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().slice(0, 10) === value &&
      date.getUTCFullYear() >= 1900 &&
      date.getUTCFullYear() <= 2200
    );
  }, "invalidDate");

/** A non-negative whole number; empty means 0. */
const count = z
  .string()
  .trim()
  .refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) <= COUNT_MAX), "invalidCount")
  .transform((value) => (value === "" ? 0 : Number(value)));

/** Dollars with up to two decimals (a leading $ and thousands commas allowed) → cents. */
const revenue = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\$/, "").replace(/,/g, ""))
  .refine((value) => value === "" || (/^\d{1,8}(\.\d{1,2})?$/.test(value) && Number(value) <= REVENUE_MAX_DOLLARS), "invalidRevenue")
  .transform((value) => {
    if (value === "") return 0;
    const [whole = "0", fraction = ""] = value.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

const clean = (value: string) => value.replace(/\r\n?/g, "\n").trim();

export const ZFundraiser = z.object({
  title: z.string().transform(clean).pipe(z.string().min(1, "titleRequired").max(TITLE_MAX, "titleTooLong")),
  heldOn,
  menu: z.string().transform(clean).pipe(z.string().max(MENU_MAX, "menuTooLong")),
  mealsSold: count,
  revenue,
  volunteers: count,
  registrations: count,
  attendees: count,
  notes: z.string().transform(clean).pipe(z.string().max(NOTES_MAX, "notesTooLong")),
});

export type FundraiserInput = z.infer<typeof ZFundraiser>;

export type ParsedFundraiser = { ok: true; input: FundraiserInput } | { ok: false; fieldErrors: Partial<Record<FundraiserField, string>> };

/** Validates the entry form; errors are the last part of `fundraisers.errors.*` keys. */
export function parseFundraiser(raw: Record<string, unknown>): ParsedFundraiser {
  const result = ZFundraiser.safeParse(fundraiserValues(raw));
  if (result.success) return { ok: true, input: result.data };
  const fieldErrors: Partial<Record<FundraiserField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FundraiserField;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

export const ZFundraiserId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZEventId = z.coerce.number().int().positive().max(2_147_483_647);

/** Dollars with cents for a form field or the page (no currency symbol). */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
