import type { Leaves } from "~/i18n/translator";
import type { PrayerAdminStrings } from "~/i18n/locales/en/prayer-admin";

export type PrayerKey = Leaves<PrayerAdminStrings>;

export type PrayerAdminOutcome =
  { ok: true; id: string | null } | { ok: false; status: number; key: PrayerKey; values?: Record<string, string | number>; field?: string };

export const INBOX_FILTERS = ["all", "new", "in_progress", "closed"] as const;
export const STATUS_FILTERS = ["all", "pending", "approved", "hidden"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface PrayerAdminItem {
  id: string;
  title: string | null;
  body: string;
  category: string;
  visibility: "public" | "members" | "private";
  status: "pending" | "approved" | "hidden";
  inboxStatus: "new" | "in_progress" | "closed";
  anonymous: boolean;
  authorName: string;
  authorEmail: string | null;
  language: "en" | "es";
  createdAt: string;
  expiresAt: string;
  prayingCount: number;
  reportCount: number;
  assigneeUserId: string | null;
  staffNotes: string;
  answered: boolean;
  praiseReport: string | null;
  replies: Array<{ id: string; authorName: string; body: string; createdAt: string }>;
}
