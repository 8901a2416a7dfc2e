// The form's limits, apart from its zod schema (visit-input.ts): the page's form needs only
// these, and importing the schema would put zod in the page's JavaScript (issue 10: bytes).
export const MEETING_KINDS = ["visit", "pastor"] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];
export const NEEDS_MAX = 1000;
export const MESSAGE_MAX = 2000;
export const PARTY_MAX = 20;
