import type { PRAYER_CATEGORIES as SCHEMA_CATEGORIES } from "~/db/schema/community";

export type PrayerCategory = (typeof SCHEMA_CATEGORIES)[number];
/** The schema's categories, repeated so the browser bundle does not load the schema (the types keep them equal). */
export const PRAYER_CATEGORIES = [
  "healing",
  "family",
  "work",
  "grief",
  "guidance",
  "gratitude",
  "salvation",
  "other",
] as const satisfies readonly PrayerCategory[];
type Missing = Exclude<PrayerCategory, (typeof PRAYER_CATEGORIES)[number]>;
const allCategories: Missing extends never ? true : never = true;
void allCategories;

export const PRAYER_PAGE_SIZE = 10;
export const MAX_TITLE = 120;
export const MAX_BODY = 4000;
export const MAX_PRAISE = 2000;
export const MAX_REPLY = 4000;
export const MAX_NOTES = 4000;
/** Reports that take a request off the wall until a moderator looks at it. */
export const REPORT_THRESHOLD = 3;
/** Requests one member may post per hour. */
export const prayerPostLimit = { limit: 5, windowSeconds: 60 * 60 };

export interface PrayerCardView {
  id: string;
  title: string | null;
  body: string;
  category: PrayerCategory;
  /** Null when posted anonymously. */
  authorName: string | null;
  date: string;
  dateLabel: string;
  prayingCount: number;
  iPrayed: boolean;
  iReported: boolean;
  mine: boolean;
  answered: boolean;
  praiseReport: string | null;
}

export interface MyPrayerView {
  id: string;
  title: string | null;
  body: string;
  category: PrayerCategory;
  visibility: "public" | "members" | "private";
  status: "pending" | "approved" | "hidden";
  expiresLabel: string;
  prayingCount: number;
  answered: boolean;
  praiseReport: string | null;
}

export interface PrayerActionData {
  ok: boolean;
  intent: string | null;
  id?: string;
  message: string;
  fieldErrors: Record<string, string>;
  prayingCount?: number;
}
