import { and, asc, desc, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { adminUsers, inboxReplies, prayerRequests, users } from "~/db/schema";
import { mailableEmail } from "~/platform/people/people.server";
import type { AppDatabase } from "~/server/db.server";
import { prayerSettings } from "~/features/prayer/prayer-people.server";
import type { InboxFilter, PrayerAdminItem, StatusFilter } from "./prayer-admin-result";

/**
 * Requests for staff: the inbox (every request, private ones included, by status and
 * follow-up) or the moderation queue (public and members-only requests pending, or reported and
 * not yet looked at).
 */
export async function loadPrayerInbox(o: { db: AppDatabase; view: "inbox" | "moderation"; status?: StatusFilter; inbox?: InboxFilter }) {
  const conditions: SQL[] = [];
  if (o.view === "moderation") {
    // Private requests are for the pastoral team's inbox only, never the moderators' queue.
    conditions.push(or(eq(prayerRequests.status, "pending"), gt(prayerRequests.reportCount, 0))!, ne(prayerRequests.visibility, "private"));
  } else {
    if (o.status && o.status !== "all") conditions.push(eq(prayerRequests.status, o.status));
    if (o.inbox && o.inbox !== "all") conditions.push(eq(prayerRequests.inboxStatus, o.inbox));
  }
  const rows = await o.db
    .select({ request: prayerRequests, email: users.email })
    .from(prayerRequests)
    .leftJoin(users, eq(users.id, prayerRequests.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(o.view === "moderation" ? asc(prayerRequests.createdAt) : desc(prayerRequests.createdAt))
    .limit(200);
  const ids = rows.map((r) => r.request.id);
  const replies = ids.length
    ? await o.db.select().from(inboxReplies).where(inArray(inboxReplies.prayerRequestId, ids)).orderBy(asc(inboxReplies.createdAt))
    : [];
  const items: PrayerAdminItem[] = rows.map(({ request: r, email }) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    category: r.category,
    visibility: r.visibility,
    status: r.status,
    inboxStatus: r.inboxStatus,
    anonymous: r.anonymous,
    authorName: r.authorName,
    authorEmail: mailableEmail(email),
    language: r.language,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    prayingCount: r.prayingCount,
    reportCount: r.reportCount,
    assigneeUserId: r.assigneeUserId,
    staffNotes: r.staffNotes,
    answered: r.answeredAt !== null,
    praiseReport: r.praiseReport,
    replies: replies
      .filter((x) => x.prayerRequestId === r.id)
      .map((x) => ({ id: x.id, authorName: x.authorName, body: x.body, createdAt: x.createdAt.toISOString() })),
  }));
  return {
    items,
    assignees: o.view === "inbox" ? await prayerAssignees(o.db) : [],
    settings: o.view === "inbox" ? await prayerSettings(o.db) : null,
  };
}

/** Administrators who may work the prayer inbox (the scope, or every scope). */
export async function prayerAssignees(db: AppDatabase): Promise<Array<{ userId: string; name: string }>> {
  return db
    .select({ userId: adminUsers.userId, name: adminUsers.name })
    .from(adminUsers)
    .where(sql`${adminUsers.scopes} && array['inbox:prayer', 'admin:*']::text[]`)
    .orderBy(asc(adminUsers.name));
}
