import { z } from "zod";
import { contactEmail, contactName, contactPhone } from "~/platform/forms/contact-fields";
import { firstFieldErrors } from "~/platform/forms/field-errors";
import type { MembershipStrings } from "~/i18n/locales/en/membership";

/** A translation key under `errors.` of the membership strings. */
export type MembershipErrorKey = keyof MembershipStrings["errors"];

/** Optional text: empty means none. */
const optionalText = (max: number, key: MembershipErrorKey) =>
  z
    .string({ error: key })
    .trim()
    .max(max, { error: key })
    .optional()
    .transform((value) => (value ? value : null));

export const name = contactName("nameLength");
export const email = contactEmail;
export const phone = contactPhone;

/** A guest's class sign-up; a member's name and email come from the account. */
export const ZClassSignup = z.object({
  offeringId: z.coerce
    .number({ error: "offering" })
    .int({ error: "offering" })
    .positive({ error: "offering" })
    .max(2_147_483_647, { error: "offering" }),
});
export const ZGuestDetails = z.object({ name, email, phone });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1900-01-01";
}

/** An optional past-or-today date (YYYY-MM-DD); `today` is the church's local date. */
const pastDate = (today: string, invalid: MembershipErrorKey, future: MembershipErrorKey) =>
  z
    .string({ error: invalid })
    .trim()
    .max(10, { error: invalid })
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isCalendarDate(value), { error: invalid })
    .refine((value) => value === null || !isCalendarDate(value) || value <= today, { error: future });

export const BAPTIZED = ["yes", "no", "unsure"] as const;

/** The /join-church form. Baptism date and church count only when the answer is yes. */
export function applicationSchema(today: string) {
  return z
    .object({
      fullName: name,
      email,
      phone,
      birthDate: pastDate(today, "birthDate", "birthDateFuture"),
      address: optionalText(300, "address"),
      baptized: z.enum(BAPTIZED, { error: "baptized" }),
      baptismDate: pastDate(today, "baptismDate", "baptismDateFuture"),
      baptismChurch: optionalText(200, "baptismChurch"),
      previousChurch: optionalText(200, "previousChurch"),
      howHeard: optionalText(500, "howHeard"),
      message: optionalText(4000, "message"),
    })
    .transform((value) => (value.baptized === "yes" ? value : { ...value, baptismDate: null, baptismChurch: null }));
}
export type ApplicationInput = z.output<ReturnType<typeof applicationSchema>>;

export const APPLICATION_FIELDS = [
  "fullName",
  "email",
  "phone",
  "birthDate",
  "address",
  "baptized",
  "baptismDate",
  "baptismChurch",
  "previousChurch",
  "howHeard",
  "message",
] as const;

const ERROR_KEYS = new Set<string>([
  "name",
  "nameLength",
  "email",
  "phone",
  "birthDate",
  "birthDateFuture",
  "address",
  "baptized",
  "baptismDate",
  "baptismDateFuture",
  "baptismChurch",
  "previousChurch",
  "howHeard",
  "message",
  "offering",
] satisfies MembershipErrorKey[]);

/** The first problem of each field, as a translation key (a field's own key when zod's message is not one). */
export function fieldErrorKeys(
  issues: readonly z.core.$ZodIssue[],
  fallback: Record<string, MembershipErrorKey>,
): Record<string, MembershipErrorKey> {
  // Only fields with a problem are present, each with a key.
  return firstFieldErrors(issues, fallback, ERROR_KEYS) as Record<string, MembershipErrorKey>;
}

export { echo } from "~/platform/forms/field-errors";
