import { MAX_REFERENCE_LENGTH, parseBibleReference } from "~/features/study/bible-reference.server";
import type { Language } from "~/i18n/config";
import { GUIDE_STATUSES, MAX_PLAN_DAYS, MAX_QUESTIONS, SLUG_PATTERN, type StudyFieldError, type StudyFormValues } from "./study-admin-form";

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A urlencoded or multipart post as text fields; null when it cannot be read. */
export async function readStudyPost(request: Request): Promise<StudyFormValues | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const values: StudyFormValues = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || CONTROL_CHARACTER.test(value)) return null;
    values[key] = value;
  }
  return values;
}

type Errors = Record<string, StudyFieldError>;

function text(values: StudyFormValues, name: string, errors: Errors, o: { required?: boolean; max: number }): string | null {
  const value = (values[name] ?? "").replace(/\r\n/g, "\n").trim();
  if (!value) {
    if (o.required) errors[name] = { code: "required" };
    return null;
  }
  if (value.length > o.max) {
    errors[name] = { code: "tooLong" };
    return null;
  }
  return value;
}

function slugOf(values: StudyFormValues, errors: Errors): string | null {
  const raw = (values.slug ?? "").trim().toLowerCase();
  if (!raw) return null;
  if (raw.length > 100 || !SLUG_PATTERN.test(raw)) {
    errors.slug = { code: "slugFormat" };
    return null;
  }
  return raw;
}

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "1900-01-01" && value <= "2999-12-31";
}

function lines(value: string | null): string[] {
  return (value ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

export interface GuideInput {
  slug: string | null;
  titleEn: string;
  titleEs: string | null;
  weekOf: string;
  passage: string;
  passageOsis: string;
  devotionalEn: string;
  devotionalEs: string | null;
  questionsEn: string[];
  questionsEs: string[];
  prayerEn: string;
  prayerEs: string | null;
  status: (typeof GUIDE_STATUSES)[number];
}

/** Checks every field of a guide post; either all valid, or every problem at once. */
export function parseGuideInput(
  values: StudyFormValues,
  language: Language,
): { ok: true; input: GuideInput } | { ok: false; fieldErrors: Errors } {
  const errors: Errors = {};
  const slug = slugOf(values, errors);
  const titleEn = text(values, "titleEn", errors, { required: true, max: 200 });
  const titleEs = text(values, "titleEs", errors, { max: 200 });
  const weekOf = (values.weekOf ?? "").trim();
  if (!validDate(weekOf)) errors.weekOf = { code: weekOf ? "date" : "required" };
  const passage = text(values, "passage", errors, { required: true, max: MAX_REFERENCE_LENGTH });
  const parsed = passage ? parseBibleReference(passage, language) : null;
  if (parsed && !parsed.ok) errors.passage = { code: "passage" };
  const devotionalEn = text(values, "devotionalEn", errors, { required: true, max: 20_000 });
  const devotionalEs = text(values, "devotionalEs", errors, { max: 20_000 });
  const questionsEn = lines(text(values, "questionsEn", errors, { max: 10_000 }));
  const questionsEs = lines(text(values, "questionsEs", errors, { max: 10_000 }));
  if (questionsEn.length > MAX_QUESTIONS) errors.questionsEn = { code: "tooManyQuestions", values: { max: MAX_QUESTIONS } };
  if (questionsEs.length > MAX_QUESTIONS) errors.questionsEs = { code: "tooManyQuestions", values: { max: MAX_QUESTIONS } };
  const prayerEn = text(values, "prayerEn", errors, { required: true, max: 5000 });
  const prayerEs = text(values, "prayerEs", errors, { max: 5000 });
  const status = values.status;
  if (!(GUIDE_STATUSES as readonly string[]).includes(status ?? "")) errors.status = { code: "choice" };
  if (Object.keys(errors).length > 0 || !titleEn || !passage || !parsed?.ok || !devotionalEn || !prayerEn)
    return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      slug,
      titleEn,
      titleEs,
      weekOf,
      passage,
      passageOsis: parsed.osis,
      devotionalEn,
      devotionalEs,
      questionsEn,
      questionsEs,
      prayerEn,
      prayerEs,
      status: status as GuideInput["status"],
    },
  };
}

export interface PlanInput {
  slug: string | null;
  titleEn: string;
  titleEs: string | null;
  descriptionEn: string;
  descriptionEs: string | null;
  isActive: boolean;
  days: { passage: string; passageOsis: string }[];
}

/** Checks a reading plan post: every reading line must be a Bible reference. */
export function parsePlanInput(
  values: StudyFormValues,
  language: Language,
): { ok: true; input: PlanInput } | { ok: false; fieldErrors: Errors } {
  const errors: Errors = {};
  const slug = slugOf(values, errors);
  const titleEn = text(values, "titleEn", errors, { required: true, max: 200 });
  const titleEs = text(values, "titleEs", errors, { max: 200 });
  const descriptionEn = text(values, "descriptionEn", errors, { max: 5000 }) ?? "";
  const descriptionEs = text(values, "descriptionEs", errors, { max: 5000 });
  const dayLines = (values.days ?? "").replace(/\r\n/g, "\n").split("\n");
  const days: PlanInput["days"] = [];
  let lineNumber = 0;
  for (const line of dayLines) {
    lineNumber++;
    const passage = line.trim();
    if (!passage) continue;
    const parsed = passage.length <= MAX_REFERENCE_LENGTH ? parseBibleReference(passage, language) : ({ ok: false } as const);
    if (!parsed.ok) {
      errors.days ??= { code: "dayPassage", values: { line: lineNumber, text: passage.slice(0, 80) } };
      continue;
    }
    days.push({ passage, passageOsis: parsed.osis });
  }
  if (!errors.days && days.length === 0) errors.days = { code: "daysRequired" };
  if (!errors.days && days.length > MAX_PLAN_DAYS) errors.days = { code: "tooManyDays", values: { max: MAX_PLAN_DAYS } };
  if (Object.keys(errors).length > 0 || !titleEn) return { ok: false, fieldErrors: errors };
  const active = values.isActive;
  return {
    ok: true,
    input: { slug, titleEn, titleEs, descriptionEn, descriptionEs, isActive: active === "on" || active === "true", days },
  };
}
