import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import {
  adminAuthAttempts,
  auditLog,
  eventRegistrations,
  events,
  meetingRequests,
  orders,
  outboxMessages,
  prayerRequests,
  profiles,
  recurringGifts,
  signupInbox,
} from "~/db/schema";
import { periodRange } from "~/features/giving/admin/giving-filters";
import { givingSummary } from "~/features/giving/admin/load-giving-admin.server";
import type { AppDatabase } from "~/server/db.server";
import { can } from "~/platform/admin/admin-sections";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { loadSetupChecklist } from "./load-setup-checklist.server";

const DAY = 24 * 60 * 60 * 1000;

/** The dashboard's counts and trends; each only when the admin's scopes cover it. */
export async function loadDashboard(options: { db: AppDatabase; admin: AdminIdentity; now?: Date }) {
  const { db, admin } = options;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - 30 * DAY);
  const before = new Date(now.getTime() - 60 * DAY);
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

  const people = can(admin.scopes, ["members", "users"])
    ? {
        total: await one(db.select({ n: count() }).from(profiles)),
        last30: await one(db.select({ n: count() }).from(profiles).where(gte(profiles.createdAt, since))),
        previous30: await one(
          db
            .select({ n: count() })
            .from(profiles)
            .where(and(gte(profiles.createdAt, before), lt(profiles.createdAt, since))),
        ),
      }
    : null;
  // Published events still to come: one-off ones ahead of now, and recurring ones (whose first
  // date may be past) still repeating.
  const upcomingEvents = can(admin.scopes, ["events", "registrations"])
    ? await one(
        db
          .select({ n: count() })
          .from(events)
          .where(
            and(
              eq(events.status, "published"),
              sql`(${events.startsAt} >= ${now} or (${events.recurrence} is not null and coalesce(${events.recurrence}->>'until', '9999-12-31') >= ${now.toISOString().slice(0, 10)}))`,
            ),
          ),
      )
    : null;
  // People (party sizes) confirmed for occurrences still to come.
  const upcomingRsvps = can(admin.scopes, ["events", "registrations"])
    ? await one(
        db
          .select({ n: sql<number>`coalesce(sum(${eventRegistrations.partySize}), 0)::int` })
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.status, "confirmed"), gte(eventRegistrations.occurrenceStart, now))),
      )
    : null;
  const newSignups = can(admin.scopes, "inbox:signups")
    ? await one(db.select({ n: count() }).from(signupInbox).where(eq(signupInbox.status, "new")))
    : null;
  // What waits in each inbox the admin may open: the ones nobody has started on.
  const inboxes = {
    prayer: can(admin.scopes, "inbox:prayer")
      ? await one(db.select({ n: count() }).from(prayerRequests).where(eq(prayerRequests.inboxStatus, "new")))
      : null,
    meetings: can(admin.scopes, "inbox:meetings")
      ? await one(db.select({ n: count() }).from(meetingRequests).where(eq(meetingRequests.status, "new")))
      : null,
    signups: newSignups,
  };
  const mail = can(admin.scopes, ["email", "health"])
    ? {
        pending: await one(
          db
            .select({ n: count() })
            .from(outboxMessages)
            .where(sql`${outboxMessages.status} in ('pending', 'sending')`),
        ),
        failed: await one(db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, "failed"))),
      }
    : null;
  // Giving: this month's and this year's totals (net of refunds, church time zone) and active recurring gifts.
  let giving: { monthCents: number; yearCents: number; activeRecurring: number } | null = null;
  if (can(admin.scopes, "giving")) {
    const timeZone = await churchTimeZone(db);
    const [month, year, activeRecurring] = await Promise.all([
      givingSummary(db, periodRange({ period: "this-month" }, timeZone, now)),
      givingSummary(db, periodRange({ period: "this-year" }, timeZone, now)),
      one(db.select({ n: count() }).from(recurringGifts).where(eq(recurringGifts.status, "active"))),
    ]);
    giving = { monthCents: month.summary.totalCents, yearCents: year.summary.totalCents, activeRecurring };
  }
  // Store: paid orders to prepare and ones ready for pickup.
  const storeWaiting = can(admin.scopes, "store")
    ? await one(
        db
          .select({ n: count() })
          .from(orders)
          .where(sql`${orders.status} in ('paid', 'ready')`),
      )
    : null;
  const superAdmin = can(admin.scopes, "admin:*");
  const activity = superAdmin
    ? await db
        .select({
          id: auditLog.id,
          actorName: auditLog.actorName,
          action: auditLog.action,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt))
        .limit(8)
    : null;
  const signIns = superAdmin
    ? await db
        .select({
          id: adminAuthAttempts.id,
          email: adminAuthAttempts.email,
          success: adminAuthAttempts.success,
          failureReason: adminAuthAttempts.failureReason,
          createdAt: adminAuthAttempts.createdAt,
        })
        .from(adminAuthAttempts)
        .orderBy(desc(adminAuthAttempts.createdAt))
        .limit(8)
    : null;
  // The set-up checklist, for those who can fill in the church's settings, until all is done.
  const checklist = can(admin.scopes, "settings") ? await loadSetupChecklist(db) : null;
  return {
    people,
    checklist: checklist && checklist.done < checklist.steps.length ? checklist : null,
    inboxes,
    upcomingEvents,
    upcomingRsvps,
    newSignups,
    mail,
    giving,
    storeWaiting,
    activity: activity?.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) ?? null,
    signIns: signIns?.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) ?? null,
  };
}
