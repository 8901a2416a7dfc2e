import { z } from "zod";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX, isGalleryCategory } from "./gallery-model";

/** Optional text: trimmed, empty → null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const ZOptionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .refine(
    (v) =>
      v === null ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    "badDate",
  );

export const ZOptionalCategory = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isGalleryCategory(v), "badCategory");

/** A member's submission: one title and description in their own language. */
export const ZSubmission = z.object({
  title: z.string().trim().min(1, "titleRequired").max(GALLERY_TITLE_MAX, "titleTooLong"),
  description: optionalText(GALLERY_DESCRIPTION_MAX, "descriptionTooLong"),
});

/** Captions in both languages (staff): the English title may be empty only where a fallback exists. */
export const ZCaptions = z.object({
  title: optionalText(GALLERY_TITLE_MAX, "titleTooLong"),
  titleEs: optionalText(GALLERY_TITLE_MAX, "titleTooLong"),
  description: optionalText(GALLERY_DESCRIPTION_MAX, "descriptionTooLong"),
  descriptionEs: optionalText(GALLERY_DESCRIPTION_MAX, "descriptionTooLong"),
});

/** The error key of the first zod issue, when it names one of ours. */
export function firstErrorKey(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalidRequest";
}
