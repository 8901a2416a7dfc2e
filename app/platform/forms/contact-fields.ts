import { z } from "zod";

// The contact fields the public forms share (plan a visit, membership, volunteer sign-ups).
// Their messages are translation keys under each form's `errors.`.

/** A person's name, 1–120 characters; `lengthKey` is the message when it is too long. */
export const contactName = (lengthKey: "name" | "nameLength") =>
  z.string({ error: "name" }).trim().min(1, { error: "name" }).max(120, { error: lengthKey });

/** An email address, lower-cased. */
export const contactEmail = z
  .string({ error: "email" })
  .trim()
  .max(254, { error: "email" })
  .pipe(z.email({ error: "email" }))
  .transform((value) => value.toLowerCase());

/** An optional phone number: empty means none (null). */
export const contactPhone = z
  .string({ error: "phone" })
  .trim()
  .max(40, { error: "phone" })
  .regex(/^$|^\+?[0-9 ().-]{7,40}$/, { error: "phone" })
  .optional()
  .transform((value) => (value ? value : null));
