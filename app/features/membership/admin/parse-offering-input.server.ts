import { fromZonedTime } from "date-fns-tz";
import { z } from "zod";
import {
  MAX_SESSIONS,
  OFFERING_STATUSES,
  SESSION_FIELDS,
  sessionField,
  type OfferingFieldError,
  type OfferingFormValues,
} from "./offering-form";

export interface OfferingInput {
  titleEn: string;
  titleEs: string | null;
  descriptionEn: string;
  descriptionEs: string | null;
  locationName: string | null;
  capacity: number | null;
  status: (typeof OFFERING_STATUSES)[number];
  sessions: { sessionNumber: number; startsAt: Date; endsAt: Date | null; topicEn: string; topicEs: string | null }[];
}

export type ParseOfferingResult = { ok: true; input: OfferingInput } | { ok: false; fieldErrors: Record<string, OfferingFieldError> };

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Reads the class form; times are wall-clock times in the church's zone. Rows marked remove are dropped. */
export function parseOfferingInput(values: OfferingFormValues, timeZone: string): ParseOfferingResult {
  const errors: Record<string, OfferingFieldError> = {};
  const v = (name: string) => values[name] ?? "";
  const titleEn = v("titleEn").trim();
  if (!titleEn || titleEn.length > 200) errors.titleEn = "titleEn";
  if (v("titleEs").trim().length > 200) errors.titleEs = "titleEs";
  if (v("descriptionEn").length > 5000) errors.descriptionEn = "descriptionEn";
  if (v("descriptionEs").length > 5000) errors.descriptionEs = "descriptionEs";
  if (v("locationName").trim().length > 200) errors.locationName = "locationName";
  const capacityText = v("capacity").trim();
  const capacity = capacityText ? z.coerce.number().int().min(1).max(10_000).safeParse(capacityText) : null;
  if (capacity && !capacity.success) errors.capacity = "capacity";
  const status = z.enum(OFFERING_STATUSES).safeParse(v("status"));
  if (!status.success) errors.status = "status";

  const count = Math.min(Number.parseInt(v("sessionCount"), 10) || 0, MAX_SESSIONS + 1);
  const sessions: OfferingInput["sessions"] = [];
  const numbers = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (v(sessionField(i, "remove")) === "on") continue;
    const f = Object.fromEntries(SESSION_FIELDS.map((field) => [field, v(sessionField(i, field)).trim()])) as Record<
      (typeof SESSION_FIELDS)[number],
      string
    >;
    // A row left completely empty (e.g. just added) is ignored.
    if (SESSION_FIELDS.every((field) => field === "number" || !f[field])) continue;
    const number = Number(f.number);
    if (!/^\d{1,2}$/.test(f.number) || number < 1 || numbers.has(number)) errors[sessionField(i, "number")] = "sessionNumber";
    numbers.add(number);
    const dateOk = DATE.test(f.date) && !Number.isNaN(Date.parse(`${f.date}T00:00:00Z`));
    if (!dateOk) errors[sessionField(i, "date")] = "date";
    if (!TIME.test(f.startTime)) errors[sessionField(i, "startTime")] = "startTime";
    if (f.endTime && (!TIME.test(f.endTime) || f.endTime <= f.startTime)) errors[sessionField(i, "endTime")] = "endTime";
    if (!f.topicEn || f.topicEn.length > 200) errors[sessionField(i, "topicEn")] = "topicEn";
    if (f.topicEs.length > 200) errors[sessionField(i, "topicEs")] = "topicEs";
    if (dateOk && TIME.test(f.startTime)) {
      sessions.push({
        sessionNumber: number,
        startsAt: fromZonedTime(`${f.date}T${f.startTime}:00`, timeZone),
        endsAt: f.endTime && TIME.test(f.endTime) ? fromZonedTime(`${f.date}T${f.endTime}:00`, timeZone) : null,
        topicEn: f.topicEn,
        topicEs: optional(f.topicEs),
      });
    }
  }
  if (Object.keys(errors).every((k) => !/^s\d+\./.test(k)) && (sessions.length === 0 || sessions.length > MAX_SESSIONS))
    errors.sessions = "sessions";
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    input: {
      titleEn,
      titleEs: optional(v("titleEs")),
      descriptionEn: v("descriptionEn").replace(/\r\n?/g, "\n").trim(),
      descriptionEs: optional(v("descriptionEs").replace(/\r\n?/g, "\n")),
      locationName: optional(v("locationName")),
      capacity: capacity?.success ? capacity.data : null,
      status: status.success ? status.data : "draft",
      sessions: sessions.sort((a, b) => a.sessionNumber - b.sessionNumber),
    },
  };
}
