import { z } from "zod";
import { contactEmail, contactName, contactPhone } from "~/platform/forms/contact-fields";
import { firstFieldErrors } from "~/platform/forms/field-errors";
import type { VolunteersStrings } from "~/i18n/locales/en/volunteers";
import { AVAILABILITY_MAX, MESSAGE_MAX } from "./volunteer-limits";

/** A translation key under `errors.` of the volunteers strings. */
export type VolunteerErrorKey = keyof VolunteersStrings["errors"];

export const VOLUNTEER_FIELDS = ["opportunityId", "name", "email", "phone", "availability", "message"] as const;
export type VolunteerField = (typeof VOLUNTEER_FIELDS)[number];

export { AVAILABILITY_MAX, MESSAGE_MAX };

/** Multi-line text: line endings made "\n", trimmed. */
const longText = (max: number, key: VolunteerErrorKey) =>
  z
    .string({ error: key })
    .max(max * 2, { error: key })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, { error: key }));

/** The /community volunteer form (intent "volunteers-signup"). */
export const ZVolunteerSignup = z.object({
  opportunityId: z.coerce
    .number({ error: "ministry" })
    .int({ error: "ministry" })
    .positive({ error: "ministry" })
    .max(2_147_483_647, { error: "ministry" }),
  name: contactName("nameLength"),
  email: contactEmail,
  phone: contactPhone,
  availability: longText(AVAILABILITY_MAX, "availability").pipe(z.string().min(1, { error: "availability" })),
  message: longText(MESSAGE_MAX, "message")
    .optional()
    .transform((value) => value ?? ""),
});
export type VolunteerSignupInput = z.output<typeof ZVolunteerSignup>;

const ERROR_KEYS = new Set<string>([
  "ministry",
  "name",
  "nameLength",
  "email",
  "phone",
  "availability",
  "message",
] satisfies VolunteerErrorKey[]);
const FALLBACK: Record<VolunteerField, VolunteerErrorKey> = {
  opportunityId: "ministry",
  name: "name",
  email: "email",
  phone: "phone",
  availability: "availability",
  message: "message",
};

/** The first problem of each field, as a translation key. */
export function volunteerFieldErrors(issues: readonly z.core.$ZodIssue[]): Partial<Record<VolunteerField, VolunteerErrorKey>> {
  return firstFieldErrors(issues, FALLBACK, ERROR_KEYS);
}

export { echo } from "~/platform/forms/field-errors";
