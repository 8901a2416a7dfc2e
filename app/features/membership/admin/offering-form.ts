import { formatInTimeZone } from "date-fns-tz";
import type { MembershipStrings } from "~/i18n/locales/en/membership";

/** The form's values, by field name; sessions are `s{i}.number`, `s{i}.date` … for i = 0 … sessionCount - 1. */
export type OfferingFormValues = Record<string, string>;
export type OfferingFieldError = keyof MembershipStrings["admin"]["errors"];

export const OFFERING_STATUSES = ["draft", "open", "closed"] as const;
export const MAX_SESSIONS = 20;
export const SESSION_FIELDS = ["number", "date", "startTime", "endTime", "topicEn", "topicEs"] as const;

export const sessionField = (index: number, field: (typeof SESSION_FIELDS)[number] | "remove") => `s${index}.${field}`;

interface OfferingRow {
  slug: string;
  titleEn: string;
  titleEs: string | null;
  descriptionEn: string;
  descriptionEs: string | null;
  locationName: string | null;
  capacity: number | null;
  status: string;
}
interface SessionRow {
  sessionNumber: number;
  startsAt: Date;
  endsAt: Date | null;
  topicEn: string;
  topicEs: string | null;
}

/** A stored offering as the form shows it, times in the church's zone. */
export function offeringFormValues(offering: OfferingRow | null, sessions: SessionRow[], timeZone: string): OfferingFormValues {
  const values: OfferingFormValues = {
    titleEn: offering?.titleEn ?? "",
    titleEs: offering?.titleEs ?? "",
    descriptionEn: offering?.descriptionEn ?? "",
    descriptionEs: offering?.descriptionEs ?? "",
    locationName: offering?.locationName ?? "",
    capacity: offering?.capacity == null ? "" : String(offering.capacity),
    status: offering?.status ?? "draft",
    sessionCount: String(Math.max(1, sessions.length)),
  };
  sessions.forEach((s, i) => {
    values[sessionField(i, "number")] = String(s.sessionNumber);
    values[sessionField(i, "date")] = formatInTimeZone(s.startsAt, timeZone, "yyyy-MM-dd");
    values[sessionField(i, "startTime")] = formatInTimeZone(s.startsAt, timeZone, "HH:mm");
    values[sessionField(i, "endTime")] = s.endsAt ? formatInTimeZone(s.endsAt, timeZone, "HH:mm") : "";
    values[sessionField(i, "topicEn")] = s.topicEn;
    values[sessionField(i, "topicEs")] = s.topicEs ?? "";
  });
  if (sessions.length === 0) values[sessionField(0, "number")] = "1";
  return values;
}
