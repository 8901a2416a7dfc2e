/**
 * The event form's shared vocabulary (server and page): field names, choices, error codes,
 * and how a stored event becomes the flat string values the form shows.
 */
import { formatInTimeZone } from "date-fns-tz";
import type { events } from "~/db/schema";
import { eventCategories, type EventCategory } from "~/features/events/event-categories";

export const EVENT_CATEGORIES = eventCategories;
export type { EventCategory };
export const EVENT_STATUSES = ["draft", "published", "cancelled"] as const;
export const RECURRENCE_FREQS = ["none", "daily", "weekly", "monthly"] as const;
export const RECURRENCE_ENDS = ["never", "until", "count"] as const;
export const QUESTION_KINDS = ["text", "choice", "number"] as const;
/** Slugs that would collide with the public routes /events/registration and /events/mine.ics. */
export const RESERVED_SLUGS = ["registration", "mine"] as const;
/** Blank question rows offered under the existing ones. */
export const BLANK_QUESTION_ROWS = 1;
export const MAX_QUESTIONS = 20;

/** `events.errors.<code>` */
export type EventFieldError =
  | "required"
  | "tooLong"
  | "url"
  | "date"
  | "time"
  | "endBeforeStart"
  | "number"
  | "range"
  | "choice"
  | "slugFormat"
  | "slugTaken"
  | "slugReserved"
  | "untilBeforeStart"
  | "untilOrCount"
  | "excludedDates"
  | "options"
  | "minMax"
  | "tooMany"
  | "altRequired"
  | "imageTooLarge"
  | "imageType"
  | "imageUnreadable"
  | "imageTooManyPixels"
  | "imageShape"
  | "imageBusy"
  | "cancelledStatus";

/** The form as flat strings: what the page shows and what a failed post gives back. */
export type EventFormValues = Record<string, string>;

/** A question row's field name: `q<index>.<field>`. */
export const questionField = (index: number, field: string) => `q${index}.${field}`;

/** The stored event columns the form shows (loaded by the editor; dates as Date objects). */
export type EventRowForForm = Omit<typeof events.$inferSelect, "id" | "cancelledAt" | "createdAt" | "updatedAt">;

const on = (value: boolean) => (value ? "on" : "");

/** The form values of a stored event, its times shown in the church's time zone. */
export function eventToFormValues(event: EventRowForForm, timeZone: string): EventFormValues {
  const r = event.recurrence;
  const values: EventFormValues = {
    slug: event.slug,
    titleEn: event.titleEn,
    titleEs: event.titleEs ?? "",
    descriptionEn: event.descriptionEn,
    descriptionEs: event.descriptionEs ?? "",
    category: event.category,
    startDate: formatInTimeZone(event.startsAt, timeZone, "yyyy-MM-dd"),
    startTime: formatInTimeZone(event.startsAt, timeZone, "HH:mm"),
    endTime: event.endsAt ? formatInTimeZone(event.endsAt, timeZone, "HH:mm") : "",
    locationName: event.locationName ?? "",
    address: event.address ?? "",
    mapUrl: event.mapUrl ?? "",
    imageUrl: event.imageUrl ?? "",
    imageAltEn: event.imageAltEn ?? "",
    imageAltEs: event.imageAltEs ?? "",
    isFeatured: on(event.isFeatured),
    status: event.status,
    recurrenceFreq: r ? r.freq : "none",
    recurrenceInterval: String(r?.interval ?? 1),
    byWeekday: (r?.byWeekday ?? []).join(","),
    recurrenceEnd: r?.until ? "until" : r?.count ? "count" : "never",
    recurrenceUntil: r?.until ?? "",
    recurrenceCount: r?.count ? String(r.count) : "",
    excludedDates: event.excludedDates.join(", "),
    capacity: event.capacity === null ? "" : String(event.capacity),
    rsvpEnabled: on(event.rsvpEnabled),
    guestRegistration: on(event.guestRegistration),
    maxPartySize: String(event.maxPartySize),
    needsFollowUp: on(event.needsFollowUp),
    questionCount: String(event.registrationQuestions.length + BLANK_QUESTION_ROWS),
  };
  event.registrationQuestions.forEach((q, i) => {
    values[questionField(i, "id")] = q.id;
    values[questionField(i, "kind")] = q.kind;
    values[questionField(i, "labelEn")] = q.labelEn;
    values[questionField(i, "labelEs")] = q.labelEs ?? "";
    values[questionField(i, "required")] = on(q.required);
    values[questionField(i, "options")] = (q.options ?? []).map((o) => (o.es ? `${o.en} | ${o.es}` : o.en)).join("\n");
    values[questionField(i, "min")] = q.min === undefined ? "" : String(q.min);
    values[questionField(i, "max")] = q.max === undefined ? "" : String(q.max);
  });
  return values;
}

/** A new event's form: published, RSVP on, six per party, no questions yet. */
export function blankEventValues(): EventFormValues {
  return {
    status: "published",
    category: "community",
    recurrenceFreq: "none",
    recurrenceInterval: "1",
    recurrenceEnd: "never",
    rsvpEnabled: "on",
    maxPartySize: "6",
    questionCount: String(BLANK_QUESTION_ROWS),
  };
}
