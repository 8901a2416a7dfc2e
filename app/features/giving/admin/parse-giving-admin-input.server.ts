import { z } from "zod";
import {
  FUND_FIELDS,
  FUND_LIMITS,
  SETTINGS_FIELDS,
  type FundField,
  type FundFormValues,
  type GivingFieldError,
  type SettingsField,
  type SettingsFormValues,
} from "./giving-admin-form";

export interface FundInput {
  name: string;
  nameEs: string | null;
  description: string;
  descriptionEs: string | null;
  active: boolean;
  sortOrder: number;
}

export interface GivingSettingsInput {
  feePercentBp: number;
  feeFixedCents: number;
  textKeyword: string | null;
  textNumber: string | null;
}

const text = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, "tooLong"));
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));

const ZFund = z.object({
  name: text(FUND_LIMITS.name).pipe(z.string().min(1, "required")),
  nameEs: optionalText(FUND_LIMITS.nameEs),
  description: text(FUND_LIMITS.description),
  descriptionEs: optionalText(FUND_LIMITS.descriptionEs),
  sortOrder: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^-?\d{1,4}$/.test(v) && Math.abs(Number(v)) <= 1000), "sortOrder")
    .transform((v) => (v === "" ? 0 : Number(v))),
  active: z.boolean(),
});

const ZSettings = z
  .object({
    // "2.9" → 290 basis points; at most two decimals, 0 to 10 %.
    feePercent: z
      .string()
      .trim()
      .refine((v) => /^\d{1,2}(?:\.\d{1,2})?$/.test(v), "feePercent")
      .transform((v) => {
        const [whole, frac = ""] = v.split(".");
        return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
      })
      .refine((bp) => bp >= 0 && bp <= 1000, "feePercent"),
    feeFixed: z
      .string()
      .trim()
      .refine((v) => /^\d{1,3}$/.test(v) && Number(v) <= 500, "feeFixed")
      .transform(Number),
    textKeyword: z
      .string()
      .trim()
      .refine((v) => v === "" || /^[\p{L}\p{N}]{1,20}$/u.test(v), "textKeyword")
      .transform((v) => (v === "" ? null : v.toUpperCase())),
    textNumber: z
      .string()
      .trim()
      .refine((v) => v === "" || (/^[\d +().-]{3,25}$/.test(v) && /\d{3}/.test(v.replace(/\D/g, ""))), "textNumber")
      .transform((v) => (v === "" ? null : v)),
  })
  .refine((s) => (s.textKeyword === null) === (s.textNumber === null), { message: "textPair", path: ["textKeyword"] });

function fieldErrorsOf<F extends string>(issues: z.core.$ZodIssue[], fields: readonly F[]): Partial<Record<F, GivingFieldError>> {
  const errors: Partial<Record<F, GivingFieldError>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "") as F;
    if (!fields.includes(field) || errors[field]) continue;
    const codes: GivingFieldError[] = [
      "required",
      "tooLong",
      "sortOrder",
      "feePercent",
      "feeFixed",
      "textKeyword",
      "textNumber",
      "textPair",
    ];
    errors[field] = codes.includes(issue.message as GivingFieldError) ? (issue.message as GivingFieldError) : "required";
  }
  return errors;
}

const stringOf = (input: Record<string, unknown>, key: string) =>
  typeof input[key] === "string" ? (input[key] as string).slice(0, 4000) : "";

export function parseFundInput(
  input: Record<string, unknown>,
):
  | { ok: true; values: FundFormValues; fund: FundInput }
  | { ok: false; values: FundFormValues; fieldErrors: Partial<Record<FundField, GivingFieldError>> } {
  const values: FundFormValues = {};
  for (const field of FUND_FIELDS) values[field] = stringOf(input, field);
  values.active = input.active === "on" ? "on" : "";
  const parsed = ZFund.safeParse({ ...values, active: values.active === "on" });
  if (!parsed.success) return { ok: false, values, fieldErrors: fieldErrorsOf(parsed.error.issues, FUND_FIELDS) };
  return { ok: true, values, fund: parsed.data };
}

export function parseGivingSettingsInput(
  input: Record<string, unknown>,
):
  | { ok: true; values: SettingsFormValues; settings: GivingSettingsInput }
  | { ok: false; values: SettingsFormValues; fieldErrors: Partial<Record<SettingsField, GivingFieldError>> } {
  const values: SettingsFormValues = {};
  for (const field of SETTINGS_FIELDS) values[field] = stringOf(input, field).slice(0, 100);
  const parsed = ZSettings.safeParse(values);
  if (!parsed.success) return { ok: false, values, fieldErrors: fieldErrorsOf(parsed.error.issues, SETTINGS_FIELDS) };
  const s = parsed.data;
  return {
    ok: true,
    values,
    settings: { feePercentBp: s.feePercent, feeFixedCents: s.feeFixed, textKeyword: s.textKeyword, textNumber: s.textNumber },
  };
}
