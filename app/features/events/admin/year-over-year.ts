/** One row of the year-over-year table. */
export interface YearTotals {
  year: number;
  fundraisers: number;
  mealsSold: number;
  revenueCents: number;
  volunteers: number;
  /** Change against the previous calendar year in %, one decimal; null without a base to compare. */
  change: { fundraisers: number | null; mealsSold: number | null; revenueCents: number | null; volunteers: number | null };
}

type Entry = { heldOn: string; mealsSold: number; revenueCents: number; volunteers: number };

export function percentChange(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Totals per year (latest first), each compared with the calendar year before it. */
export function yearOverYear(entries: readonly Entry[]): YearTotals[] {
  const byYear = new Map<number, Omit<YearTotals, "change">>();
  for (const entry of entries) {
    const year = Number(entry.heldOn.slice(0, 4));
    const totals = byYear.get(year) ?? { year, fundraisers: 0, mealsSold: 0, revenueCents: 0, volunteers: 0 };
    totals.fundraisers += 1;
    totals.mealsSold += entry.mealsSold;
    totals.revenueCents += entry.revenueCents;
    totals.volunteers += entry.volunteers;
    byYear.set(year, totals);
  }
  return [...byYear.values()]
    .sort((a, b) => b.year - a.year)
    .map((totals) => {
      const previous = byYear.get(totals.year - 1);
      return {
        ...totals,
        change: {
          fundraisers: percentChange(totals.fundraisers, previous?.fundraisers),
          mealsSold: percentChange(totals.mealsSold, previous?.mealsSold),
          revenueCents: percentChange(totals.revenueCents, previous?.revenueCents),
          volunteers: percentChange(totals.volunteers, previous?.volunteers),
        },
      };
    });
}
