import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export interface OutboxEmailPayload {
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on bulk mail (jsonb: no migration needed). */
  headers?: Record<string, string>;
}

export interface OutboxSmsPayload {
  body: string;
}

/**
 * Every email and text message goes through here first, so a send that fails (SMTP down,
 * provider error, process killed) is retried with backoff and never lost.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    payload: jsonb("payload").$type<OutboxEmailPayload | OutboxSmsPayload>().notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Fixed-window counters shared by every app instance (one row per limited key). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
