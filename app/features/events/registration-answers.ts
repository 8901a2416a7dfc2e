import type { RegistrationQuestion } from "~/db/schema";

export type AnswerError = "required" | "invalid" | "tooLong" | "outOfRange";
export const MAX_TEXT_ANSWER = 500;

/**
 * Checks a registration form's answers against the event's questions: unknown keys are
 * dropped, text is trimmed and bounded, a choice must be one of the options (by its index),
 * a number must be a finite integer within min/max. Returns the clean answers or the errors
 * by question id.
 */
export function validateAnswers(
  questions: readonly RegistrationQuestion[],
  raw: Record<string, unknown>,
): { ok: true; answers: Record<string, string | number> } | { ok: false; fieldErrors: Record<string, AnswerError> } {
  const answers: Record<string, string | number> = {};
  const fieldErrors: Record<string, AnswerError> = {};
  for (const q of questions) {
    const value = raw[q.id];
    const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
    if (text === "") {
      if (q.required) fieldErrors[q.id] = "required";
      continue;
    }
    if (q.kind === "text") {
      if (text.length > MAX_TEXT_ANSWER) fieldErrors[q.id] = "tooLong";
      else answers[q.id] = text;
    } else if (q.kind === "choice") {
      const index = /^\d+$/.test(text) ? Number(text) : -1;
      if (!q.options || index < 0 || index >= q.options.length) fieldErrors[q.id] = "invalid";
      else answers[q.id] = index;
    } else {
      const n = /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(n)) fieldErrors[q.id] = "invalid";
      else if ((q.min != null && n < q.min) || (q.max != null && n > q.max)) fieldErrors[q.id] = "outOfRange";
      else answers[q.id] = n;
    }
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, answers };
}
