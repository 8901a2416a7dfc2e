import { z } from "zod";
import { contactEmail, contactName, contactPhone } from "~/platform/forms/contact-fields";
import { firstFieldErrors } from "~/platform/forms/field-errors";
import type { StoreStrings } from "~/i18n/locales/en/store";
import { CART_MAX_QUANTITY } from "./store-model";

/** A translation key under `errors.` of the store strings. */
export type StoreErrorKey = keyof StoreStrings["errors"];

const id = z.coerce
  .number({ error: "unknownVariant" })
  .int({ error: "unknownVariant" })
  .positive({ error: "unknownVariant" })
  .max(2_147_483_647, { error: "unknownVariant" });
const quantity = z
  .string({ error: "quantity" })
  .trim()
  .regex(/^\d{1,3}$/, { error: "quantity" })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: "quantity" }).max(CART_MAX_QUANTITY, { error: "quantity" }));

/** "Add to cart" on a product page. */
export const ZAddToCart = z.object({ variantId: id, quantity });
/** A cart line's quantity change. */
export const ZUpdateLine = z.object({ variantId: id, quantity });
export const ZRemoveLine = z.object({ variantId: id });

const line = (max: number, key: StoreErrorKey) => z.string({ error: key }).trim().max(max, { error: key });

/** A US state or territory by its postal abbreviation. */
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "PR",
  "GU",
  "VI",
  "AS",
  "MP",
] as const;

const address = z.object({
  line1: line(200, "line1").pipe(z.string().min(1, { error: "line1" })),
  line2: line(200, "line2")
    .optional()
    .transform((v) => v ?? ""),
  city: line(100, "city").pipe(z.string().min(1, { error: "city" })),
  state: z
    .string({ error: "state" })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(US_STATES, { error: "state" })),
  zip: z
    .string({ error: "zip" })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: "zip" }),
});

/** The checkout form on /store/cart. */
export const ZCheckout = z.discriminatedUnion(
  "fulfillment",
  [
    z.object({ fulfillment: z.literal("pickup"), name: contactName("nameLength"), email: contactEmail, phone: contactPhone }),
    z.object({
      fulfillment: z.literal("shipping"),
      name: contactName("nameLength"),
      email: contactEmail,
      phone: contactPhone,
      ...address.shape,
    }),
  ],
  { error: "fulfillment" },
);
export type CheckoutInput = z.output<typeof ZCheckout>;

export const CHECKOUT_FIELDS = ["fulfillment", "name", "email", "phone", "line1", "line2", "city", "state", "zip"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

const ERROR_KEYS = new Set<string>([
  "fulfillment",
  "name",
  "nameLength",
  "email",
  "phone",
  "line1",
  "line2",
  "city",
  "state",
  "zip",
  "quantity",
  "unknownVariant",
] satisfies StoreErrorKey[]);
const FALLBACK: Record<CheckoutField, StoreErrorKey> = {
  fulfillment: "fulfillment",
  name: "name",
  email: "email",
  phone: "phone",
  line1: "line1",
  line2: "line2",
  city: "city",
  state: "state",
  zip: "zip",
};

/** The first problem of each checkout field, as a translation key. */
export function checkoutFieldErrors(issues: readonly z.core.$ZodIssue[]): Partial<Record<CheckoutField, StoreErrorKey>> {
  return firstFieldErrors(issues, FALLBACK, ERROR_KEYS);
}

/** The first problem of a cart form (quantity or variant), as a translation key. */
export function cartFormError(issues: readonly z.core.$ZodIssue[]): StoreErrorKey {
  const first = issues[0];
  return first && ERROR_KEYS.has(first.message)
    ? (first.message as StoreErrorKey)
    : first?.path[0] === "quantity"
      ? "quantity"
      : "unknownVariant";
}
