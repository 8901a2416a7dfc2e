/** The admin group form: its fields and what the action answers (no server code: the route component imports it). */
export const GROUP_TEXT_FIELDS = [
  "nameEn",
  "nameEs",
  "descriptionEn",
  "descriptionEs",
  "scheduleNotesEn",
  "scheduleNotesEs",
  "slug",
  "dayOfWeek",
  "startTime",
  "durationMinutes",
  "meetingMode",
  "locationName",
  "address",
  "onlineUrl",
  "language",
  "contactName",
  "capacity",
  "status",
] as const;
export type GroupTextField = (typeof GROUP_TEXT_FIELDS)[number];
/** What the form shows: every field as text ("on" for the checkbox). */
export type GroupFormValues = Partial<Record<GroupTextField | "isOpen", string>>;

export type GroupFieldError =
  | "required"
  | "tooLong"
  | "invalidTime"
  | "invalidChoice"
  | "invalidDuration"
  | "invalidCapacity"
  | "invalidUrl"
  | "placeRequired"
  | "invalidSlug"
  | "slugTaken";

export type GroupAdminMessage =
  | "created"
  | "saved"
  | "unchanged"
  | "invalid"
  | "invalidRequest"
  | "notFound"
  | "leaderAdded"
  | "leaderRemoved"
  | "noAccount"
  | "alreadyLeader"
  | "notLeader"
  | "memberRemoved"
  | "accepted"
  | "declined"
  | "full"
  | "notPending"
  | "notMember"
  | "leaderCannotBeRemoved";

export interface GroupAdminResult {
  ok: boolean;
  intent: string | null;
  message: GroupAdminMessage;
  values?: Record<string, string>;
  fieldErrors: Partial<Record<GroupTextField | "leaderEmail", GroupFieldError>>;
  /** A name for messages such as "{{name}} now leads this group". */
  name?: string;
}
