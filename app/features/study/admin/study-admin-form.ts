/** What the study admin forms and their server share (no server code: the route components import it). */

export type StudyFieldErrorCode =
  | "required"
  | "tooLong"
  | "date"
  | "slugFormat"
  | "slugTaken"
  | "passage"
  | "choice"
  | "dayPassage"
  | "daysRequired"
  | "tooManyDays"
  | "tooManyQuestions";

export interface StudyFieldError {
  code: StudyFieldErrorCode;
  values?: Record<string, string | number>;
}

export type StudyFormValues = Record<string, string>;

export type StudyFormMessage = "invalid" | "notFound" | "invalidRequest" | "confirmDelete";

/** A refused post: the message, each field's problem and what was typed. */
export interface StudyFormFailure {
  ok: false;
  message: StudyFormMessage;
  fieldErrors: Record<string, StudyFieldError>;
  values: StudyFormValues;
}

export const GUIDE_STATUSES = ["draft", "published"] as const;
export const MAX_PLAN_DAYS = 366;
export const MAX_QUESTIONS = 20;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
