import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { outboxMessages } from "./messaging";

/**
 * An administrator: a member account with the role `admin` (user_roles) and this record with
 * its scopes. `admin:*` is the super admin (spec section 6). Moderators need no record.
 */
export const adminUsers = pgTable("admin_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  scopes: text("scopes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Admin sessions, separate from member sessions: the cookie holds a random token, this table
 * its SHA-256, so a copy of the database can't be replayed and a session can be revoked.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How it began: at /admin/login with a second factor, or from a two-factor member session. */
    method: text("method", { enum: ["sign-in", "member-session"] }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: moves forward with use, never past `absoluteExpiresAt`. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("admin_sessions_user_id_idx").on(t.userId)],
);

/** Spec: log_admin_auth_attempt (email, success, failure reason) plus IP, device and time. */
export const adminAuthAttempts = pgTable(
  "admin_auth_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    success: boolean("success").notNull(),
    failureReason: text("failure_reason"),
    method: text("method").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_auth_attempts_created_idx").on(t.createdAt.desc()), index("admin_auth_attempts_email_idx").on(t.email)],
);

/** Every change made in the admin portal: who, when, what, before → after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the entry still says who after the account is gone. */
    actorName: text("actor_name").notNull(),
    /** `<entity>.<verb>`, e.g. `event.update`: the codes are listed in app/lib/audit-actions.ts. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorUserId),
  ],
);

/** Staff notes on a member (members section); never shown to the member. */
export const memberNotes = pgTable(
  "member_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_notes_member_idx").on(t.memberId, t.createdAt.desc())],
);

/** A bilingual message to a segment, sent through the outbox (email section). */
export const emailCampaigns = pgTable("email_campaigns", {
  id: uuid("id").primaryKey().defaultRandom(),
  subjectEn: text("subject_en").notNull(),
  subjectEs: text("subject_es"),
  bodyEn: text("body_en").notNull(),
  bodyEs: text("body_es"),
  /** `all-members`, or later `group:<id>`, `event:<id>`. */
  segment: text("segment").notNull(),
  status: text("status", { enum: ["draft", "sending", "sent"] })
    .notNull()
    .default("draft"),
  recipientCount: integer("recipient_count").notNull().default(0),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

export const emailCampaignRecipients = pgTable(
  "email_campaign_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    language: text("language", { enum: ["en", "es"] }).notNull(),
    outboxMessageId: uuid("outbox_message_id").references(() => outboxMessages.id, { onDelete: "set null" }),
    /** Skipped recipients (unsubscribed) are listed with the reason. */
    skippedReason: text("skipped_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("email_campaign_recipients_unique").on(t.campaignId, t.email)],
);

/** Addresses that asked for no more bulk mail (the unsubscribe link and List-Unsubscribe). */
export const emailUnsubscribes = pgTable("email_unsubscribes", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
