// What the /give form and its server check share (no zod here: the page imports it).
import type { GiftFrequency } from "~/db/schema/giving";

/** The preset amounts, in cents ($25, $50, $100, $250). */
export const PRESET_AMOUNTS_CENTS = [2_500, 5_000, 10_000, 25_000] as const;

export const FREQUENCIES = ["one_time", "weekly", "biweekly", "monthly"] as const satisfies readonly GiftFrequency[];
export type RecurringFrequency = Exclude<GiftFrequency, "one_time">;

/** Stripe's recurring interval for each frequency. */
export const RECURRING_INTERVALS: Record<RecurringFrequency, { interval: "week" | "month"; interval_count: number }> = {
  weekly: { interval: "week", interval_count: 1 },
  biweekly: { interval: "week", interval_count: 2 },
  monthly: { interval: "month", interval_count: 1 },
};

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

/** The form's fields. */
export const GIFT_FIELDS = ["fundId", "amount", "customAmount", "frequency", "coverFee", "name", "email"] as const;
export type GiftField = (typeof GIFT_FIELDS)[number];
