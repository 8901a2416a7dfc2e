/**
 * Study groups: the shapes the pages receive and the constants both the server and the
 * components use. No server code here (route components import it).
 */
export const GROUP_LANGUAGES = ["en", "es", "bilingual"] as const;
export type GroupLanguage = (typeof GROUP_LANGUAGES)[number];
export const MEETING_MODES = ["in_person", "online", "hybrid"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
export const GROUP_STATUSES = ["active", "archived"] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The /community filters (GET parameters; `lang` is the site's language switch, so not that). */
export const LANGUAGE_FILTERS = ["any", "en", "es", "bilingual"] as const;
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];
export const MODE_FILTERS = ["any", "in_person", "online"] as const;
export type ModeFilter = (typeof MODE_FILTERS)[number];

export interface GroupFilters {
  language: LanguageFilter;
  /** 0–6, or null for any day. */
  day: number | null;
  mode: ModeFilter;
}

/** The signed-in member's place in a group, as the pages show it. */
export interface MembershipView {
  id: string;
  role: "leader" | "member";
  status: "pending" | "active" | "declined" | "left" | "removed";
  /** Declined or removed: the date (already formatted) from which they may ask again; null = now. */
  requestAgainFrom: string | null;
}

export interface GroupCardView {
  id: number;
  slug: string;
  href: string;
  name: string;
  description: string;
  /** "Every Wednesday at 7:00 PM", in the church's time zone. */
  scheduleLabel: string;
  durationMinutes: number;
  mode: MeetingMode;
  locationName: string | null;
  address: string | null;
  language: GroupLanguage;
  /** Display names of the leaders; the contact name when no account leads the group. */
  leaders: string[];
  isOpen: boolean;
  capacity: number | null;
  /** Active members (leaders not counted). */
  memberCount: number;
  full: boolean;
  membership: MembershipView | null;
}

export interface GroupMemberView {
  id: string;
  name: string;
  role: "leader" | "member";
  /** Only when the member's directory settings allow it. */
  email: string | null;
  phone: string | null;
  isSelf: boolean;
}

export interface JoinRequestView {
  id: string;
  name: string;
  message: string;
  /** The day of the request, formatted. */
  requestedAt: string;
}

/** What the group forms get back: a translated message, and which group it concerns. */
export type GroupActionData = {
  ok: boolean;
  intent: string | null;
  groupId: number | null;
  message: string;
  fieldErrors: Record<string, string>;
};

/** A declined (or removed) member may ask the same group again after this many days. */
export const REQUEST_AGAIN_AFTER_DAYS = 30;
export const MAX_REQUEST_MESSAGE = 1000;
