import { z } from "zod";
import {
  OPPORTUNITY_TEXT_FIELDS,
  TEXT_LIMITS,
  type OpportunityFieldError,
  type OpportunityFormValues,
  type OpportunityTextField,
} from "./opportunity-form";

export interface OpportunityInput {
  title: string;
  titleEs: string | null;
  description: string;
  descriptionEs: string | null;
  schedule: string;
  scheduleEs: string | null;
  /** Null: made from the English title (a new ministry) or kept (an existing one). */
  slug: string | null;
  active: boolean;
  sortOrder: number;
}

const text = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, "tooLong"));
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));

/** Every field as the form posts it; the messages are field error codes, translated by the page. */
const ZOpportunityForm = z.object({
  title: text(TEXT_LIMITS.title).pipe(z.string().min(1, "required")),
  titleEs: optionalText(TEXT_LIMITS.titleEs),
  description: text(TEXT_LIMITS.description),
  descriptionEs: optionalText(TEXT_LIMITS.descriptionEs),
  schedule: text(TEXT_LIMITS.schedule),
  scheduleEs: optionalText(TEXT_LIMITS.scheduleEs),
  slug: z
    .string()
    .trim()
    .max(TEXT_LIMITS.slug, "tooLong")
    .refine((v) => v === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), "invalidSlug")
    .transform((v) => (v === "" ? null : v)),
  sortOrder: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^-?\d{1,4}$/.test(v) && Math.abs(Number(v)) <= 1000), "sortOrder")
    .transform((v) => (v === "" ? 0 : Number(v))),
  active: z.boolean(),
});

const CODES = new Set<OpportunityFieldError>(["required", "tooLong", "invalidSlug", "slugTaken", "sortOrder"]);

/** The posted form as text (to show it again) and, when valid, the row to store. */
export function parseOpportunityInput(
  input: Record<string, unknown>,
):
  | { ok: true; values: OpportunityFormValues; opportunity: OpportunityInput }
  | { ok: false; values: OpportunityFormValues; fieldErrors: Partial<Record<OpportunityTextField, OpportunityFieldError>> } {
  const values: OpportunityFormValues = {};
  for (const field of OPPORTUNITY_TEXT_FIELDS)
    values[field] = typeof input[field] === "string" ? (input[field] as string).slice(0, 6000) : "";
  values.active = input.active === "on" ? "on" : "";
  const parsed = ZOpportunityForm.safeParse({ ...values, active: values.active === "on" });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<OpportunityTextField, OpportunityFieldError>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as OpportunityTextField;
      if (fieldErrors[field] || !(OPPORTUNITY_TEXT_FIELDS as readonly string[]).includes(field)) continue;
      fieldErrors[field] = CODES.has(issue.message as OpportunityFieldError)
        ? (issue.message as OpportunityFieldError)
        : issue.code === "too_big"
          ? "tooLong"
          : "required";
    }
    return { ok: false, values, fieldErrors };
  }
  return { ok: true, values, opportunity: parsed.data };
}
