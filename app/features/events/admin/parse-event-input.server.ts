import { randomUUID } from "node:crypto";
import { fromZonedTime } from "date-fns-tz";
import { z } from "zod";
import type { EventRecurrence, RegistrationQuestion } from "~/db/schema";
import {
  EVENT_CATEGORIES,
  EVENT_STATUSES,
  MAX_QUESTIONS,
  QUESTION_KINDS,
  RECURRENCE_ENDS,
  RECURRENCE_FREQS,
  RESERVED_SLUGS,
  questionField,
  type EventFieldError,
  type EventFormValues,
} from "./event-form";

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** What an event post carries: its text fields, the checked weekdays and an optional image file. */
export interface EventPost {
  values: EventFormValues;
  weekdays: string[];
  file: File | null;
}

/** Reads a form post (urlencoded or multipart); null when it cannot be read or holds control characters. */
export async function readEventPost(request: Request): Promise<EventPost | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const values: EventFormValues = {};
  const weekdays: string[] = [];
  let file: File | null = null;
  for (const [key, value] of form) {
    if (typeof value !== "string") {
      if (key === "image" && value.size > 0) file = value;
      continue;
    }
    if (CONTROL_CHARACTER.test(value)) return null;
    if (key === "byWeekday") weekdays.push(value);
    else values[key] = value;
  }
  values.byWeekday = weekdays.join(",");
  return { values, weekdays, file };
}

/** The event columns an admin sets with the form (image and featured handled by the caller). */
export interface EventInput {
  slug: string | null;
  titleEn: string;
  titleEs: string | null;
  descriptionEn: string;
  descriptionEs: string | null;
  category: string;
  startsAt: Date;
  endsAt: Date | null;
  locationName: string | null;
  address: string | null;
  mapUrl: string | null;
  imageAltEn: string | null;
  imageAltEs: string | null;
  removeImage: boolean;
  isFeatured: boolean;
  status: (typeof EVENT_STATUSES)[number];
  recurrence: EventRecurrence | null;
  excludedDates: string[];
  capacity: number | null;
  rsvpEnabled: boolean;
  guestRegistration: boolean;
  maxPartySize: number;
  needsFollowUp: boolean;
  registrationQuestions: RegistrationQuestion[];
}

export type ParseResult = { ok: true; input: EventInput } | { ok: false; fieldErrors: Record<string, EventFieldError> };

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(max, "tooLong"));
const requiredText = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, "required").max(max, "tooLong"));
const optionalText = (max: number) => text(max).transform((s) => (s === "" ? null : s));
const checkbox = z.string().transform((s) => s === "on" || s === "true" || s === "1");
const isoDate = z.string().trim().refine(validDate, "date");
const time = z
  .string()
  .trim()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "time");
const optionalInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => s === "" || /^-?[0-9]{1,9}$/.test(s), "number")
    .transform((s) => (s === "" ? null : Number(s)))
    .refine((n) => n === null || (n >= min && n <= max), "range");

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function validUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const mainSchema = z.object({
  slug: text(100),
  titleEn: requiredText(200),
  titleEs: optionalText(200),
  descriptionEn: requiredText(5000),
  descriptionEs: optionalText(5000),
  category: z.enum(EVENT_CATEGORIES, "choice"),
  startDate: isoDate,
  startTime: time,
  endTime: z.union([z.literal(""), time]),
  locationName: optionalText(200),
  address: optionalText(300),
  mapUrl: optionalText(2000).refine((s) => s === null || validUrl(s), "url"),
  imageAltEn: optionalText(300),
  imageAltEs: optionalText(300),
  removeImage: checkbox,
  isFeatured: checkbox,
  status: z.enum(EVENT_STATUSES, "choice"),
  recurrenceFreq: z.enum(RECURRENCE_FREQS, "choice"),
  recurrenceInterval: optionalInt(1, 99),
  recurrenceEnd: z.enum(RECURRENCE_ENDS, "choice"),
  recurrenceUntil: z.union([z.literal(""), isoDate]),
  recurrenceCount: optionalInt(1, 500),
  excludedDates: z.string(),
  capacity: optionalInt(1, 100_000),
  rsvpEnabled: checkbox,
  guestRegistration: checkbox,
  maxPartySize: optionalInt(1, 50),
  needsFollowUp: checkbox,
});

const questionSchema = z.object({
  id: z.string().trim().max(64, "tooLong"),
  kind: z.enum(QUESTION_KINDS, "choice"),
  labelEn: requiredText(200),
  labelEs: optionalText(200),
  required: checkbox,
  options: z.string().max(5000, "tooLong"),
  min: optionalInt(-1_000_000, 1_000_000),
  max: optionalInt(-1_000_000, 1_000_000),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks every field of an event post; either all of it is valid or nothing is returned but
 * the field errors (codes of `events.errors`). Times are local to the church's time zone.
 */
export function parseEventInput(values: EventFormValues, weekdays: string[], timeZone: string): ParseResult {
  const errors: Record<string, EventFieldError> = {};
  const get = (key: string) => values[key] ?? "";
  const main = mainSchema.safeParse(Object.fromEntries(Object.keys(mainSchema.shape).map((k) => [k, get(k)])));
  if (!main.success) {
    for (const issue of main.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] ??= toCode(issue.message);
    }
  }

  // Weekdays, excluded dates and questions are checked even when the rest failed, so every
  // mistake shows at once.
  const byWeekday = [...new Set(weekdays)].map((w) => (/^[0-6]$/.test(w) ? Number(w) : NaN));
  if (byWeekday.some((n) => Number.isNaN(n))) errors.byWeekday = "choice";
  const excludedRaw = get("excludedDates")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (excludedRaw.length > 200 || excludedRaw.some((d) => !validDate(d))) errors.excludedDates = "excludedDates";
  const excludedDates = [...new Set(excludedRaw)].sort();

  const questions = parseQuestions(values, errors);

  const slugRaw = get("slug").trim().toLowerCase();
  if (slugRaw) {
    if (!SLUG.test(slugRaw)) errors.slug ??= "slugFormat";
    else if ((RESERVED_SLUGS as readonly string[]).includes(slugRaw)) errors.slug ??= "slugReserved";
  }

  if (!main.success) return { ok: false, fieldErrors: errors };
  const d = main.data;
  const startsAt = fromZonedTime(`${d.startDate}T${d.startTime}:00`, timeZone);
  let endsAt: Date | null = null;
  if (d.endTime) {
    endsAt = fromZonedTime(`${d.startDate}T${d.endTime}:00`, timeZone);
    if (endsAt.getTime() <= startsAt.getTime()) errors.endTime = "endBeforeStart";
  }
  if (Number.isNaN(startsAt.getTime())) errors.startDate = "date";

  let recurrence: EventRecurrence | null = null;
  if (d.recurrenceFreq !== "none") {
    recurrence = { freq: d.recurrenceFreq, interval: d.recurrenceInterval ?? 1 };
    if (d.recurrenceFreq === "weekly") {
      const days = byWeekday.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
      // No day ticked: the weekday of the first occurrence.
      recurrence.byWeekday = days.length > 0 ? days : [(new Date(`${d.startDate}T00:00:00Z`).getUTCDay() + 6) % 7];
    }
    if (d.recurrenceEnd === "until") {
      if (!d.recurrenceUntil) errors.recurrenceUntil = "untilOrCount";
      else if (d.recurrenceUntil < d.startDate) errors.recurrenceUntil = "untilBeforeStart";
      else recurrence.until = d.recurrenceUntil;
    } else if (d.recurrenceEnd === "count") {
      if (d.recurrenceCount === null) errors.recurrenceCount = "untilOrCount";
      else recurrence.count = d.recurrenceCount;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      slug: slugRaw || null,
      titleEn: d.titleEn,
      titleEs: d.titleEs,
      descriptionEn: d.descriptionEn,
      descriptionEs: d.descriptionEs,
      category: d.category,
      startsAt,
      endsAt,
      locationName: d.locationName,
      address: d.address,
      mapUrl: d.mapUrl,
      imageAltEn: d.imageAltEn,
      imageAltEs: d.imageAltEs,
      removeImage: d.removeImage,
      isFeatured: d.isFeatured,
      status: d.status,
      recurrence,
      excludedDates,
      capacity: d.capacity,
      rsvpEnabled: d.rsvpEnabled,
      guestRegistration: d.guestRegistration,
      maxPartySize: d.maxPartySize ?? 6,
      needsFollowUp: d.needsFollowUp,
      registrationQuestions: questions,
    },
  };
}

function toCode(message: string): EventFieldError {
  const known: EventFieldError[] = ["required", "tooLong", "url", "date", "time", "number", "range", "choice"];
  return (known as string[]).includes(message) ? (message as EventFieldError) : "required";
}

/** The question rows: a row with no labels and no options is a blank row (or removed) and skipped. */
function parseQuestions(values: EventFormValues, errors: Record<string, EventFieldError>): RegistrationQuestion[] {
  const count = Math.min(Number.parseInt(values.questionCount ?? "0", 10) || 0, MAX_QUESTIONS + 5);
  const questions: RegistrationQuestion[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const get = (field: string) => values[questionField(i, field)] ?? "";
    if (get("remove") === "on") continue;
    if (!get("labelEn").trim() && !get("labelEs").trim() && !get("options").trim()) continue;
    const fieldError = (field: string, code: EventFieldError) => {
      errors[questionField(i, field)] ??= code;
    };
    const parsed = questionSchema.safeParse({
      id: get("id"),
      kind: get("kind") || "text",
      labelEn: get("labelEn"),
      labelEs: get("labelEs"),
      required: get("required"),
      options: get("options"),
      min: get("min"),
      max: get("max"),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fieldError(String(issue.path[0] ?? "labelEn"), toCode(issue.message));
      continue;
    }
    const q = parsed.data;
    let id = /^[A-Za-z0-9_-]{1,64}$/.test(q.id) ? q.id : "";
    if (!id || seen.has(id)) id = `q_${randomUUID().slice(0, 8)}`;
    seen.add(id);
    const question: RegistrationQuestion = { id, kind: q.kind, labelEn: q.labelEn, required: q.required };
    if (q.labelEs) question.labelEs = q.labelEs;
    if (q.kind === "choice") {
      const options = q.options
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [en = "", ...rest] = line.split("|");
          const es = rest.join("|").trim();
          return es ? { en: en.trim(), es } : { en: en.trim() };
        });
      if (options.length < 2 || options.length > 50 || options.some((o) => !o.en || o.en.length > 200 || (o.es?.length ?? 0) > 200)) {
        fieldError("options", "options");
      } else question.options = options;
    }
    if (q.kind === "number") {
      if (q.min !== null) question.min = q.min;
      if (q.max !== null) question.max = q.max;
      if (q.min !== null && q.max !== null && q.min > q.max) fieldError("max", "minMax");
    }
    questions.push(question);
  }
  if (questions.length > MAX_QUESTIONS) errors.questions = "tooMany";
  return questions;
}
