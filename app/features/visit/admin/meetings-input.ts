import { z } from "zod";
import type { VisitStrings } from "~/i18n/locales/en/visit";
import { MEETING_KINDS } from "~/features/visit/visit-input";

export const MEETING_STATUSES = ["new", "contacted", "scheduled", "done", "cancelled"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_FILTERS = [...MEETING_STATUSES, "all"] as const;
export type MeetingFilter = (typeof MEETING_FILTERS)[number];
export const MEETING_KIND_FILTERS = ["all", ...MEETING_KINDS] as const;
export type MeetingKindFilter = (typeof MEETING_KIND_FILTERS)[number];
export const MEETING_NOTES_MAX = 4000;
export const MEETING_REPLY_MAX = 5000;
export const MEETINGS_SCOPE = "inbox:meetings";

/** A translation key of the visit strings under `admin.errors.`. */
export type MeetingErrorKey = `admin.errors.${keyof VisitStrings["admin"]["errors"]}`;

/**
 * The workflow new → contacted → scheduled → done, or cancelled from any open step. One step
 * back is allowed to correct a slip, and a cancelled request can be reopened as new.
 */
export const MEETING_TRANSITIONS: Record<MeetingStatus, readonly MeetingStatus[]> = {
  new: ["contacted", "cancelled"],
  contacted: ["new", "scheduled", "cancelled"],
  scheduled: ["contacted", "done", "cancelled"],
  done: ["scheduled"],
  cancelled: ["new"],
};

/** The status filter as the URL carries it; new requests when absent or unknown. */
export function readMeetingFilter(url: URL): MeetingFilter {
  const value = url.searchParams.get("status");
  return (MEETING_FILTERS as readonly string[]).includes(value ?? "") ? (value as MeetingFilter) : "new";
}

/** The kind filter (`?kind=`); every kind when absent or unknown. */
export function readMeetingKindFilter(url: URL): MeetingKindFilter {
  const value = url.searchParams.get("kind");
  return (MEETING_KIND_FILTERS as readonly string[]).includes(value ?? "") ? (value as MeetingKindFilter) : "all";
}

const id = z.uuid();
const longText = (max: number) =>
  z
    .string()
    .max(max * 5)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max));

export const ZSetMeetingStatus = z.object({ id, status: z.enum(MEETING_STATUSES) });
/** Empty: nobody. */
export const ZAssignMeeting = z.object({ id, assigneeUserId: z.string().max(200) });
export const ZSaveMeetingNotes = z.object({ id, notes: longText(MEETING_NOTES_MAX) });
export const ZReplyToMeeting = z.object({ id, body: longText(MEETING_REPLY_MAX).pipe(z.string().min(1)) });
