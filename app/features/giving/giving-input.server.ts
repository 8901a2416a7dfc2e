import { z } from "zod";
import { contactEmail, contactName } from "~/platform/forms/contact-fields";
import { firstFieldErrors } from "~/platform/forms/field-errors";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, parseDollars } from "~/features/payments/money";
import type { GivingStrings } from "~/i18n/locales/en/giving";
import { FREQUENCIES, type GiftField } from "./giving-options";

/** A translation key under `errors.` of the giving strings. */
export type GivingErrorKey = keyof GivingStrings["errors"];

/** "25", "$1,250.50" → cents within the online limits; messages are error keys. */
const dollars = z
  .string({ error: "amount" })
  .trim()
  .max(20, { error: "amount" })
  .transform((value, ctx) => {
    const cents = parseDollars(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "amount" });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().int().min(MIN_AMOUNT_CENTS, { error: "amountMin" }).max(MAX_AMOUNT_CENTS, { error: "amountMax" }));

/**
 * The /give form's fields other than the amount. `name`/`email` are the visitor's (a member
 * gives as themselves and the server fills them in before parsing).
 */
export const ZGiftFields = z.object({
  fundId: z.coerce.number({ error: "fund" }).int({ error: "fund" }).positive({ error: "fund" }).max(2_147_483_647, { error: "fund" }),
  frequency: z.enum(FREQUENCIES, { error: "frequency" }),
  coverFee: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === "1" || value === "on" || value === "true"),
  name: contactName("nameLength"),
  email: contactEmail,
});

export type GiftInput = z.output<typeof ZGiftFields> & { amountCents: number };

/**
 * The form, with its amount: `amount` is a preset (or "custom"); a typed `customAmount` wins
 * over it, so the form works the same without JavaScript. Errors are translation keys by field.
 */
export function parseGift(
  input: Record<string, string>,
): { ok: true; gift: GiftInput } | { ok: false; errors: Partial<Record<GiftField, GivingErrorKey>> } {
  const fields = ZGiftFields.safeParse(input);
  const errors: Partial<Record<GiftField, GivingErrorKey>> = fields.success ? {} : giftFieldErrors(fields.error.issues);
  const typed = (input.customAmount ?? "").trim();
  const custom = typed !== "" || input.amount === "custom";
  const amount = dollars.safeParse(custom ? typed : (input.amount ?? ""));
  if (!amount.success) {
    const key = amount.error.issues[0]?.message;
    errors[custom ? "customAmount" : "amount"] = key && ERROR_KEYS.has(key) ? (key as GivingErrorKey) : "amount";
  }
  if (!fields.success || !amount.success) return { ok: false, errors };
  return { ok: true, gift: { ...fields.data, amountCents: amount.data } };
}

const ERROR_KEYS = new Set<string>([
  "fund",
  "amount",
  "amountMin",
  "amountMax",
  "frequency",
  "name",
  "nameLength",
  "email",
] satisfies GivingErrorKey[]);
const FALLBACK: Record<GiftField, GivingErrorKey> = {
  fundId: "fund",
  amount: "amount",
  customAmount: "amount",
  frequency: "frequency",
  coverFee: "invalidRequest",
  name: "name",
  email: "email",
};

/** The first problem of each field, as a translation key. */
export function giftFieldErrors(issues: readonly z.core.$ZodIssue[]): Partial<Record<GiftField, GivingErrorKey>> {
  return firstFieldErrors(issues, FALLBACK, ERROR_KEYS);
}

/** The recurring gifts form of /give/history. */
export const ZCancelRecurring = z.object({
  intent: z.enum(["cancel", "cancel-confirm"]),
  recurringId: z.uuid(),
});

/** A Checkout Session id as Stripe makes them. */
export const ZCheckoutSessionId = z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{1,250}$/);
