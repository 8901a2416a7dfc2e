import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  outboxMessages,
  type OutboxEmailPayload,
  type OutboxSmsPayload,
} from "~/db/schema";
import type { AppDatabase } from "./db.server";
import { logger } from "./logger.server";
import type { MailMessage, MailTransport } from "./mail.server";
import type { SmsMessage, SmsProvider } from "./sms.server";

/** After this many failed attempts a message is marked `failed` and no longer retried. */
export const MAX_ATTEMPTS = 10;
/**
 * A claimed row's `next_attempt_at` is pushed this far ahead: if the process dies mid-send
 * the row stays `sending` and becomes due again once the lease runs out.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 1000;
/** Sends in flight at once within a batch (one SMTP connection or HTTP request each). */
const SEND_CONCURRENCY = 4;

export type OutboxStatus = (typeof outboxMessages.status.enumValues)[number];
export type OutboxRow = typeof outboxMessages.$inferSelect;

export async function enqueueEmail(db: AppDatabase, m: MailMessage): Promise<string> {
  const payload: OutboxEmailPayload = { subject: m.subject, text: m.text, html: m.html };
  return insertMessage(db, "email", m.to, payload);
}

export async function enqueueSms(db: AppDatabase, m: SmsMessage): Promise<string> {
  const payload: OutboxSmsPayload = { body: m.body };
  return insertMessage(db, "sms", m.to, payload);
}

async function insertMessage(
  db: AppDatabase,
  channel: "email" | "sms",
  recipient: string,
  payload: OutboxEmailPayload | OutboxSmsPayload,
): Promise<string> {
  // Due "now" by this process's clock, the same clock deliverDueMessages compares with.
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel, recipient, payload, nextAttemptAt: new Date() })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error("The outbox insert returned no row");
  return row.id;
}

/** Delay before the next try after `attempts` failures: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliverDueMessagesOptions {
  db: AppDatabase;
  mail: MailTransport;
  sms: SmsProvider;
  now?: Date;
  batchSize?: number;
}

export interface DeliveryCounts {
  claimed: number;
  sent: number;
  /** Failed this time, back to `pending` for a later attempt. */
  retried: number;
  /** Failed for the last time: now `failed`. */
  failed: number;
}

/**
 * Claims the due messages (pending and due, or `sending` whose lease ran out) and sends them.
 * The claim is one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so instances sharing a
 * database never claim the same row.
 */
export async function deliverDueMessages({
  db,
  mail,
  sms,
  now = new Date(),
  batchSize = 20,
}: DeliverDueMessagesOptions): Promise<DeliveryCounts> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.status, ["pending", "sending"]), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.createdAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      status: "sending",
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(outboxMessages.id, due))
    .returning();

  const counts: DeliveryCounts = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  const queue = [...claimed];
  const sendNext = async (): Promise<void> => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      counts[await deliverOne({ db, mail, sms, now, row })] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, sendNext));
  return counts;
}

async function deliverOne({
  db,
  mail,
  sms,
  now,
  row,
}: {
  db: AppDatabase;
  mail: MailTransport;
  sms: SmsProvider;
  now: Date;
  row: OutboxRow;
}): Promise<"sent" | "retried" | "failed"> {
  try {
    if (row.channel === "email") {
      const { subject, text, html } = row.payload as OutboxEmailPayload;
      await mail.send({ to: row.recipient, subject, text, html });
    } else {
      const { body } = row.payload as OutboxSmsPayload;
      await sms.send({ to: row.recipient, body });
    }
  } catch (error) {
    return recordFailure({ db, now, row, error });
  }
  try {
    await db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(outboxMessages.id, row.id));
  } catch (error) {
    // Sent but not recorded: the lease expiry will send it again; say so loudly.
    logger.error({ err: error, id: row.id, channel: row.channel }, "outbox: sent but could not mark as sent");
  }
  logger.info({ id: row.id, channel: row.channel, attempts: row.attempts }, "outbox: message sent");
  return "sent";
}

async function recordFailure({
  db,
  now,
  row,
  error,
}: {
  db: AppDatabase;
  now: Date;
  row: OutboxRow;
  error: unknown;
}): Promise<"retried" | "failed"> {
  const message = (error instanceof Error ? error.message : String(error)) || "unknown error";
  const lastError = message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
  // row.attempts already counts this attempt (the claim incremented it).
  if (row.attempts >= MAX_ATTEMPTS) {
    await db
      .update(outboxMessages)
      .set({ status: "failed", lastError })
      .where(eq(outboxMessages.id, row.id));
    logger.error(
      { id: row.id, channel: row.channel, attempts: row.attempts, error: lastError },
      "outbox: giving up on a message",
    );
    return "failed";
  }
  const nextAttemptAt = new Date(now.getTime() + backoffMs(row.attempts));
  await db
    .update(outboxMessages)
    .set({ status: "pending", lastError, nextAttemptAt })
    .where(eq(outboxMessages.id, row.id));
  logger.warn(
    { id: row.id, channel: row.channel, attempts: row.attempts, nextAttemptAt, error: lastError },
    "outbox: send failed, will retry",
  );
  return "retried";
}

/** Messages per status, every status present (for the admin health page). */
export async function getOutboxCounts(db: AppDatabase): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .select({ status: outboxMessages.status, count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .groupBy(outboxMessages.status);
  const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export interface StartOutboxWorkerOptions {
  db: AppDatabase;
  mail: MailTransport;
  sms: SmsProvider;
  intervalMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  /** Runs a delivery pass now (or right after the one in progress). */
  kick(): void;
  /** Stops the timer and waits for the pass in progress. */
  stop(): Promise<void>;
}

/**
 * Delivers on an interval and whenever kicked. One pass at a time per process: kicks during
 * a pass coalesce into one more pass after it. A full batch is followed at once by another.
 */
export function startOutboxWorker({
  db,
  mail,
  sms,
  intervalMs = 5000,
  batchSize = 20,
}: StartOutboxWorkerOptions): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const pass = async () => {
    try {
      const counts = await deliverDueMessages({ db, mail, sms, batchSize });
      if (counts.claimed >= batchSize) again = true;
    } catch (error) {
      // A database blip must not kill the timer: the next tick tries again.
      logger.error({ err: error }, "outbox: delivery pass failed");
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = pass().finally(() => {
      running = undefined;
      if (again) kick();
    });
  };

  const timer = setInterval(kick, intervalMs);
  // The timer alone must not keep the process (or a test run) alive.
  timer.unref();
  // Whatever a previous process left due goes out now.
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
