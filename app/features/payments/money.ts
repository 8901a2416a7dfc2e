import type { Language } from "~/i18n/config";
import { numberFormat } from "~/i18n/intl-format";

/** Amounts are whole cents everywhere; dollars exist only in what people type and read. */
export const MIN_AMOUNT_CENTS = 100; // $1, below which the card fee eats the gift
export const MAX_AMOUNT_CENTS = 99_999_900; // $999,999: Stripe Checkout's ceiling per payment

/** "$1,234.50" / "1234,50 US$"-free US style for both languages ("$1,234.50"), whole dollars without cents. */
export function formatCents(cents: number, language: Language): string {
  const whole = cents % 100 === 0;
  return numberFormat(language, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * What a person typed as dollars ("25", "25.5", "1,250.00", "$40") → cents, or null when it
 * is not a plain positive amount with at most two decimals. No floating point on the way.
 */
export function parseDollars(input: string): number | null {
  const text = input.trim().replace(/^\$\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const dollars = match[1]!.replaceAll(",", "");
  if (dollars.length > 9) return null;
  const cents = Number(dollars) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The processing fee a donor covers so the fund receives `amountCents`: the gross-up of a
 * percentage (basis points, 290 = 2.9 %) plus a fixed part, so that
 * (amount + fee) − rate × (amount + fee) − fixed ≥ amount. Rounded up to the cent.
 */
export function coverFeeCents(amountCents: number, percentBp: number, fixedCents: number): number {
  if (percentBp <= 0 && fixedCents <= 0) return 0;
  // gross = (amount + fixed) / (1 − bp/10000), in integers: ceil((amount + fixed) × 10000 / (10000 − bp)).
  const numerator = (amountCents + fixedCents) * 10_000;
  const denominator = 10_000 - percentBp;
  const gross = Math.ceil(numerator / denominator);
  return gross - amountCents;
}

/** "2.9% + $0.30" in the reader's language. */
export function describeFee(percentBp: number, fixedCents: number, language: Language): string {
  const percent = numberFormat(language, { maximumFractionDigits: 2 }).format(percentBp / 100);
  return fixedCents > 0 ? `${percent}% + ${formatCents(fixedCents, language)}` : `${percent}%`;
}
