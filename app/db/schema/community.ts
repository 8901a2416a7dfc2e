import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["pending", "approved", "hidden"] }).notNull(),
    /** Email the author when someone prays (opt-out). */
    notifyOnPrayer: boolean("notify_on_prayer").notNull().default(true),
    prayingCount: integer("praying_count").notNull().default(0),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    praiseReport: text("praise_report"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** inbox/prayer: the pastoral follow-up. */
    inboxStatus: text("inbox_status", { enum: ["new", "in_progress", "closed"] })
      .notNull()
      .default("new"),
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
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    /** Children's ages, accessibility, parking, interpreter… as they wrote it. */
    needs: text("needs").notNull().default(""),
    message: text("message").notNull().default(""),
    status: text("status", { enum: ["new", "contacted", "scheduled", "done", "cancelled"] })
      .notNull()
      .default("new"),
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

/** Prayer generator topics (issue 7); the curated library and the AI prompt use the same list. */
export const PRAYER_GENERATOR_TOPICS = ["healing", "family", "gratitude", "guidance", "grief", "work", "peace", "provision"] as const;
/** The parts a composed prayer is built from, in order. */
export const PRAYER_PART_KINDS = ["opening", "petition", "intercession", "scripture", "closing"] as const;

/**
 * The prayer generator's curated bilingual library, edited in admin content. A prayer is
 * composed from one part of each kind: `topic` null means the part suits every topic.
 * Texts may use `{{name}}` (intercession) and `{{words}}`; a scripture part holds a reference
 * ("Jeremiah 29:11" / "Jeremías 29:11") and optionally its verse text.
 */
export const prayerParts = pgTable(
  "prayer_parts",
  {
    id: serial("id").primaryKey(),
    topic: text("topic", { enum: PRAYER_GENERATOR_TOPICS }),
    kind: text("kind", { enum: PRAYER_PART_KINDS }).notNull(),
    textEn: text("text_en").notNull(),
    textEs: text("text_es").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("prayer_parts_topic_kind_idx").on(t.kind, t.topic)],
);

/** A prayer a member kept from the generator ("Save to my prayers"). */
export const savedPrayers = pgTable(
  "saved_prayers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: PRAYER_GENERATOR_TOPICS }).notNull(),
    language: text("language", { enum: ["en", "es"] }).notNull(),
    body: text("body").notNull(),
    /** The scripture references shown with it, one per line. */
    scriptures: text("scriptures").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_prayers_user_idx").on(t.userId, t.createdAt),
    check("saved_prayers_body_length", sql`char_length(${t.body}) between 1 and 6000`),
  ],
);

/**
 * A member discussion thread on /community. New threads are `pending` until a moderator
 * approves them (or at once, by the church setting); `hidden` ones are gone from members'
 * view. `locked` threads take no replies.
 */
export const discussionThreads = pgTable(
  "discussion_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["pending", "approved", "hidden"] }).notNull(),
    locked: boolean("locked").notNull().default(false),
    replyCount: integer("reply_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    reportCount: integer("report_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("discussion_threads_status_activity_idx").on(t.status, t.lastActivityAt),
    check("discussion_threads_lengths", sql`char_length(${t.title}) between 1 and 160 and char_length(${t.body}) between 1 and 8000`),
    check("discussion_threads_counts", sql`${t.replyCount} >= 0 and ${t.reportCount} >= 0`),
  ],
);

/** A reply in a discussion thread: shown at once, hidden by a moderator when reported. */
export const discussionReplies = pgTable(
  "discussion_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => discussionThreads.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "approved", "hidden"] })
      .notNull()
      .default("approved"),
    reportCount: integer("report_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("discussion_replies_thread_idx").on(t.threadId, t.createdAt),
    check("discussion_replies_length", sql`char_length(${t.body}) between 1 and 4000`),
    check("discussion_replies_counts", sql`${t.reportCount} >= 0`),
  ],
);

/** An abuse report on a thread or a reply, once per member and item. */
export const discussionReports = pgTable(
  "discussion_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id").references(() => discussionThreads.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => discussionReplies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discussion_reports_thread_member_idx").on(t.threadId, t.userId),
    uniqueIndex("discussion_reports_reply_member_idx").on(t.replyId, t.userId),
    check("discussion_reports_one_item", sql`num_nonnulls(${t.threadId}, ${t.replyId}) = 1`),
  ],
);

/** A ministry that takes volunteers (greeters, kids, media…), shown on /community. */
export const volunteerOpportunities = pgTable(
  "volunteer_opportunities",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    titleEs: text("title_es"),
    description: text("description").notNull().default(""),
    descriptionEs: text("description_es"),
    /** When they serve ("Sundays 10:15 AM, monthly rota"). */
    schedule: text("schedule").notNull().default(""),
    scheduleEs: text("schedule_es"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("volunteer_opportunities_active_idx").on(t.active, t.sortOrder)],
);

/** "I'd like to serve": one per member and ministry; each also lands in inbox/signups. */
export const volunteerSignups = pgTable(
  "volunteer_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    opportunityId: integer("opportunity_id").references(() => volunteerOpportunities.id, { onDelete: "set null" }),
    /** The ministry's title when they signed up (kept if it is later deleted). */
    opportunityTitle: text("opportunity_title").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    availability: text("availability").notNull().default(""),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("volunteer_signups_member_idx").on(t.opportunityId, t.userId)],
);
