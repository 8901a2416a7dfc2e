import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { inboxReplies, meetingRequests } from "~/db/schema";
import type { MeetingKind } from "~/features/visit/visit-input";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { listMeetingStaff } from "./list-meeting-staff.server";
import type { MeetingFilter, MeetingKindFilter, MeetingStatus } from "./meetings-input";

export interface MeetingReply {
  id: string;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface MeetingItem {
  id: string;
  kind: MeetingKind;
  name: string;
  email: string;
  phone: string | null;
  preferredDate: string | null;
  partySize: number;
  language: Language;
  needs: string;
  message: string;
  status: MeetingStatus;
  assigneeUserId: string | null;
  staffNotes: string;
  linkedAccount: boolean;
  createdAt: string;
  replies: MeetingReply[];
}

export interface MeetingsPageData {
  filter: MeetingFilter;
  kind: MeetingKindFilter;
  items: MeetingItem[];
  staff: { userId: string; name: string }[];
  counts: Record<MeetingStatus, number>;
}

const LIMIT = 500;

/** The meetings inbox with one status (or all) and one kind (or all), newest first, with each item's replies. */
export async function loadMeetings(options: {
  db: AppDatabase;
  filter: MeetingFilter;
  kind: MeetingKindFilter;
}): Promise<MeetingsPageData> {
  const { db, filter, kind } = options;
  const conditions: SQL[] = [];
  if (filter !== "all") conditions.push(eq(meetingRequests.status, filter));
  if (kind !== "all") conditions.push(eq(meetingRequests.kind, kind));
  const [rows, staff, all] = await Promise.all([
    db
      .select()
      .from(meetingRequests)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(meetingRequests.createdAt), desc(meetingRequests.id))
      .limit(LIMIT),
    listMeetingStaff(db),
    db
      .select({ status: meetingRequests.status })
      .from(meetingRequests)
      .where(kind === "all" ? undefined : eq(meetingRequests.kind, kind)),
  ]);
  const counts: Record<MeetingStatus, number> = { new: 0, contacted: 0, scheduled: 0, done: 0, cancelled: 0 };
  for (const row of all) counts[row.status] += 1;
  const replies = rows.length
    ? await db
        .select()
        .from(inboxReplies)
        .where(
          inArray(
            inboxReplies.meetingRequestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id))
    : [];
  return {
    filter,
    kind,
    staff,
    counts,
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      phone: row.phone,
      preferredDate: row.preferredDate,
      partySize: row.partySize,
      language: row.language,
      needs: row.needs,
      message: row.message,
      status: row.status,
      assigneeUserId: row.assigneeUserId,
      staffNotes: row.staffNotes,
      linkedAccount: row.userId !== null,
      createdAt: row.createdAt.toISOString(),
      replies: replies
        .filter((r) => r.meetingRequestId === row.id)
        .map((r) => ({ id: r.id, authorName: r.authorName, body: r.body, createdAt: r.createdAt.toISOString() })),
    })),
  };
}
