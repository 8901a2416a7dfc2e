import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Prayer and community (issue 7): the prayer wall with its inbox, and visit/meeting requests
 * from Plan a Visit with theirs.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const PRAYER_CATEGORIES = ["healing", "family", "work", "grief", "guidance", "gratitude", "salvation", "other"] as const;

/**
 * A prayer request. `visibility`: public (everyone), members (signed-in members), private (the
 * pastoral team only: never on the wall). Public and member requests appear on the wall when
 * `status` is approved (immediately or after moderation, by the church setting) and until
 * `expires_at`. `anonymous` hides the author's name from everyone but staff.
 */
export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The name shown on the wall, as it was when posted (unless anonymous). */
    authorName: text("author_name").notNull(),
    title: text("title"),
    body: text("body").notNull(),
    category: text("category", { enum: PRAYER_CATEGORIES }).notNull(),
    visibility: text("visibility", { enum: ["public", "members", "private"] }).notNull(),
    anonymous: boolean("anonymous").notNull().default(false),
    language: text("language", { enum: ["en", "es"] }).notNull().default("en"),
    status: text("status", { enum: ["pending", "approved", "hidden"] }).notNull(),
    /** Email the author when someone prays (opt-out). */
    notifyOnPrayer: boolean("notify_on_prayer").notNull().default(true),
    prayingCount: integer("praying_count").notNull().default(0),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    praiseReport: text("praise_report"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** inbox/prayer: the pastoral follow-up. */
    inboxStatus: text("inbox_status", { enum: ["new", "in_progress", "closed"] }).notNull().default("new"),
    assigneeUserId: text("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    staffNotes: text("staff_notes").notNull().default(""),
    reportCount: integer("report_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("prayer_requests_wall_idx").on(t.status, t.visibility, t.expiresAt, t.createdAt),
    index("prayer_requests_user_idx").on(t.userId),
    index("prayer_requests_inbox_idx").on(t.inboxStatus, t.createdAt),
    check("prayer_requests_body_length", sql`char_length(${t.body}) between 1 and 4000`),
    check("prayer_requests_counts", sql`${t.prayingCount} >= 0 and ${t.reportCount} >= 0`),
  ],
);

/** "I'm praying": once per member and request. */
export const prayerIntercessions = pgTable(
  "prayer_intercessions",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/** An abuse report on a request, once per member. */
export const prayerReports = pgTable(
  "prayer_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("prayer_reports_one_per_member_idx").on(t.requestId, t.userId)],
);

/**
 * From Plan a Visit: "I'm coming" (`visit`) or "I'd like to meet a pastor" (`pastor`), worked
 * in inbox/meetings (new → contacted → scheduled → done, or cancelled).
 */
export const meetingRequests = pgTable(
  "meeting_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["visit", "pastor"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The day they plan to come, or would like to meet. */
    preferredDate: date("preferred_date"),
    partySize: integer("party_size").notNull().default(1),
    language: text("language", { enum: ["en", "es"] }).notNull().default("en"),
    /** Children's ages, accessibility, parking, interpreter… as they wrote it. */
    needs: text("needs").notNull().default(""),
    message: text("message").notNull().default(""),
    status: text("status", { enum: ["new", "contacted", "scheduled", "done", "cancelled"] }).notNull().default("new"),
    assigneeUserId: text("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    staffNotes: text("staff_notes").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("meeting_requests_status_idx").on(t.status, t.createdAt),
    check("meeting_requests_party_size", sql`${t.partySize} between 1 and 50`),
  ],
);

/** A reply staff sent from an inbox (prayer or meetings), kept with the item. */
export const inboxReplies = pgTable(
  "inbox_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prayerRequestId: uuid("prayer_request_id").references(() => prayerRequests.id, { onDelete: "cascade" }),
    meetingRequestId: uuid("meeting_request_id").references(() => meetingRequests.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    /** The outbox message that carries it. */
    outboxMessageId: uuid("outbox_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbox_replies_prayer_idx").on(t.prayerRequestId),
    index("inbox_replies_meeting_idx").on(t.meetingRequestId),
    check("inbox_replies_one_item", sql`num_nonnulls(${t.prayerRequestId}, ${t.meetingRequestId}) = 1`),
  ],
);
