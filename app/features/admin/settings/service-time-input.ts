import { z } from "zod";

export const SERVICE_TIME_FIELDS = ["id", "dayOfWeek", "startTime", "nameEn", "nameEs", "isMainService"] as const;

/** A checkbox sends "on" (or a JSON client true/"true"/"1"); absent means unchecked. */
const checkbox = z.string().transform((v) => v === "on" || v === "true" || v === "1");

/** A row id from a hidden field: a positive integer, or "" for a new row. */
export const ZRowId = z
  .string()
  .trim()
  .refine((v) => v === "" || /^[1-9]\d{0,9}$/.test(v), { error: "settings.errors.invalidRequest" })
  .transform((v) => (v === "" ? null : Number(v)));

export const ZServiceTime = z.object({
  id: ZRowId,
  dayOfWeek: z
    .string()
    .trim()
    .refine((v) => /^[0-6]$/.test(v), { error: "settings.errors.dayOfWeek" })
    .transform(Number),
  startTime: z
    .string()
    .trim()
    .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: "settings.errors.startTime" }),
  nameEn: z.string().trim().min(1, { error: "settings.errors.required" }).max(80, { error: "settings.errors.tooLong" }),
  nameEs: z
    .string()
    .trim()
    .max(80, { error: "settings.errors.tooLong" })
    .transform((v) => (v === "" ? null : v)),
  isMainService: checkbox,
});
