import type { RateLimitRule } from "~/server/rate-limit.server";
import { dateTimeFormat } from "~/i18n/intl-format";

export const MAX_TITLE = 160;
export const MAX_BODY = 8000;
export const MAX_REPLY = 4000;
export const MAX_REASON = 500;
export const DISCUSSIONS_PAGE_SIZE = 10;
/** `?topics=` beyond this is treated as the last page (a bounded query). */
export const MAX_TOPICS_PAGE = 1000;

/** Per member: new topics, replies and reports. */
export const threadPostLimit: RateLimitRule = { limit: 5, windowSeconds: 3600 };
export const replyPostLimit: RateLimitRule = { limit: 30, windowSeconds: 3600 };
export const reportLimit: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/** A topic in the /community list. */
export interface ThreadListItem {
  id: string;
  title: string;
  authorName: string;
  replyCount: number;
  locked: boolean;
  lastActivity: string;
  lastActivityLabel: string;
  href: string;
}

/** What a discussions post answers (the section's and the thread page's `actionData`). */
export interface DiscussionsActionData {
  ok: boolean;
  intent: string | null;
  /** The thread or reply the answer is about. */
  id?: string;
  message: string;
  fieldErrors: Record<string, string>;
  /** After a new topic: its page (published) or nothing (pending). */
  href?: string;
}

/** "/community/discussions/<id>", keeping a non-default language in the link. */
export function threadHref(id: string, language: string): string {
  return `/community/discussions/${id}${language !== "en" ? `?lang=${language}` : ""}`;
}

export const formatDiscussionDate = (date: Date, language: string, timeZone: string) =>
  dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);

/** The first failing field of a zod error as a translation key, per field. */
export function issueKeys(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  known: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (out[field]) continue;
    out[field] = known.includes(issue.message) ? issue.message : "invalidRequest";
  }
  return out;
}
