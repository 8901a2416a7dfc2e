import { z } from "zod";
import { PHONE_ONLY_EMAIL_DOMAIN } from "~/lib/phone-formats";
import { readSearchQuery } from "~/lib/search-query";

/** Membership as the church office records it (profiles.membership_status). */
export const MEMBERSHIP_STATUSES = ["visitor", "regular", "member", "inactive"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERS_PAGE_SIZE = 25;
export const NOTE_MAX = 2000;

/** Addresses made up for phone-only accounts: never shown, searched or exported. */
export const PLACEHOLDER_EMAIL_SUFFIX = `@${PHONE_ONLY_EMAIL_DOMAIN}`;

export function visibleEmail(email: string | null | undefined): string | null {
  if (!email || email.toLowerCase().endsWith(PLACEHOLDER_EMAIL_SUFFIX)) return null;
  return email;
}

export function isMembershipStatus(value: unknown): value is MembershipStatus {
  return typeof value === "string" && (MEMBERSHIP_STATUSES as readonly string[]).includes(value);
}

/** The list's filters as the URL carries them; anything unknown is simply not applied. */
export interface MemberFilters {
  q: string;
  status: MembershipStatus | null;
  page: number;
}

export function readMemberFilters(url: URL): MemberFilters {
  const q = readSearchQuery(url);
  const status = url.searchParams.get("status");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q,
    status: isMembershipStatus(status) ? status : null,
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (YYYY-MM-DD) from 1900 up to tomorrow (time zones), or empty for none. */
const memberSince = z
  .string()
  .trim()
  .max(10)
  .refine((value) => {
    if (value === "") return true;
    const match = ISO_DATE.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return Number(match[1]) >= 1900 && date.getTime() <= Date.now() + 86_400_000;
  })
  .transform((value) => (value === "" ? null : value));

export const ZUpdateMembership = z.object({
  memberId: z.string().min(1).max(200),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  memberSince: memberSince.optional().default(""),
});

export const ZAddMemberNote = z.object({
  memberId: z.string().min(1).max(200),
  body: z
    .string()
    .max(10_000)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1).max(NOTE_MAX)),
});
