import { z } from "zod";
import { contactEmail, contactName, contactPhone } from "~/platform/forms/contact-fields";
import { firstFieldErrors } from "~/platform/forms/field-errors";
import type { VisitStrings } from "~/i18n/locales/en/visit";

/** A translation key under `errors.` of the visit strings. */
export type VisitErrorKey = keyof VisitStrings["errors"];

import { MEETING_KINDS, MESSAGE_MAX, NEEDS_MAX, PARTY_MAX } from "./visit-limits";

export { MEETING_KINDS, MESSAGE_MAX, NEEDS_MAX, PARTY_MAX };
export type { MeetingKind } from "./visit-limits";

export const VISIT_FIELDS = ["kind", "name", "email", "phone", "date", "partySize", "language", "needs", "message"] as const;
export type VisitField = (typeof VISIT_FIELDS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The same calendar day a year after `today` (YYYY-MM-DD): the last date the form accepts. */
export function oneYearAfter(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Free text: line endings normalised, trimmed, at most `max` characters; empty is allowed. */
const freeText = (max: number, key: VisitErrorKey) =>
  z
    .string({ error: key })
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, { error: key }));

/** The /plan-visit form; `today` is the church's local date. */
export function visitSchema(today: string) {
  const last = oneYearAfter(today);
  return z.object({
    kind: z.enum(MEETING_KINDS, { error: "kind" }),
    name: contactName("name"),
    email: contactEmail,
    phone: contactPhone,
    date: z
      .string({ error: "date" })
      .trim()
      .refine(isCalendarDate, { error: "date" })
      .refine((value) => !isCalendarDate(value) || value >= today, { error: "datePast" })
      .refine((value) => !isCalendarDate(value) || value <= last, { error: "dateFar" }),
    partySize: z
      .union(
        [
          z
            .string({ error: "partySize" })
            .trim()
            .regex(/^\d{1,3}$/, { error: "partySize" })
            .transform(Number),
          z.number({ error: "partySize" }),
        ],
        { error: "partySize" },
      )
      .pipe(
        z.number({ error: "partySize" }).int({ error: "partySize" }).min(1, { error: "partySize" }).max(PARTY_MAX, { error: "partySize" }),
      ),
    language: z.enum(["en", "es"], { error: "language" }),
    needs: freeText(NEEDS_MAX, "needs"),
    message: freeText(MESSAGE_MAX, "message"),
  });
}
export type VisitInput = z.output<ReturnType<typeof visitSchema>>;

const ERROR_KEYS = new Set<string>([
  "kind",
  "name",
  "email",
  "phone",
  "date",
  "datePast",
  "dateFar",
  "partySize",
  "language",
  "needs",
  "message",
] satisfies VisitErrorKey[]);

const FALLBACK: Record<VisitField, VisitErrorKey> = {
  kind: "kind",
  name: "name",
  email: "email",
  phone: "phone",
  date: "date",
  partySize: "partySize",
  language: "language",
  needs: "needs",
  message: "message",
};

/** The first problem of each field, as a translation key. */
export function fieldErrorKeys(issues: readonly z.core.$ZodIssue[]): Partial<Record<VisitField, VisitErrorKey>> {
  return firstFieldErrors(issues, FALLBACK, ERROR_KEYS);
}

export { echo } from "~/platform/forms/field-errors";
