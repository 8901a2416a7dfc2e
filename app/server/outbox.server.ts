import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { outboxMessages, type OutboxEmailPayload, type OutboxSmsPayload } from "~/db/schema";
import type { AppDatabase } from "./db.server";
import { logger } from "./logger.server";
import { assertSingleRecipient, MAIL_SEND_TIMEOUT_MS, type MailMessage, type MailTransport } from "./mail.server";
import { SMS_SEND_TIMEOUT_MS, type SmsMessage, type SmsProvider } from "./sms.server";

/** After this many failed attempts a message is marked `failed` and no longer retried. */
export const MAX_ATTEMPTS = 10;
/**
 * A claimed row's `next_attempt_at` is pushed this far ahead: if the process dies mid-send
 * the row stays `sending` and becomes due again once the lease runs out. A row is claimed only
 * when a sender is free to send it, so the lease covers one send: the transports' own
 * deadlines plus a margin for the database round trips. It is short because a text's sign-in
 * code expires 10 minutes after it is queued.
 */
export const CLAIM_LEASE_MS = Math.max(MAIL_SEND_TIMEOUT_MS, SMS_SEND_TIMEOUT_MS) + 15_000;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 1000;
/** Sends in flight at once within a pass (one SMTP connection or HTTP request each). */
const SEND_CONCURRENCY = 4;

export type OutboxStatus = (typeof outboxMessages.status.enumValues)[number];
export type OutboxRow = typeof outboxMessages.$inferSelect;

export async function enqueueEmail(db: AppDatabase, m: MailMessage): Promise<string> {
  // Refused here, not at send time, so a bad address never sits in the outbox.
  assertSingleRecipient(m.to);
  const payload: OutboxEmailPayload = { subject: m.subject, text: m.text, html: m.html, ...(m.headers ? { headers: m.headers } : {}) };
  return insertMessage(db, "email", m.to, payload);
}

/** Many emails in one insert (an import's invitations, inside its batch's transaction). */
export async function enqueueEmails(db: AppDatabase, messages: readonly MailMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const now = new Date();
  const rows = messages.map((m) => {
    assertSingleRecipient(m.to);
    const payload: OutboxEmailPayload = { subject: m.subject, text: m.text, html: m.html, ...(m.headers ? { headers: m.headers } : {}) };
    return { channel: "email" as const, recipient: m.to, payload, nextAttemptAt: now };
  });
  await db.insert(outboxMessages).values(rows);
  return rows.length;
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
  /** Once aborted, nothing more is claimed; a claim that lands afterwards is given back unsent. */
  signal?: AbortSignal;
}

export interface DeliveryCounts {
  claimed: number;
  sent: number;
  /** Failed this time, back to `pending` for a later attempt. */
  retried: number;
  /** Failed for the last time, or with an error no retry can fix: now `failed`. */
  failed: number;
  /** Claimed as the pass was being stopped: back to `pending` at once, the attempt not counted. */
  released: number;
  /** Finished after its lease ran out and another pass took it over: that pass's result stands. */
  stale: number;
}

type Outcome = Exclude<keyof DeliveryCounts, "claimed">;

/**
 * Sends the due messages (pending and due, or `sending` whose lease ran out), at most
 * `batchSize` of them. Each of a few lanes claims one message and sends it before claiming
 * the next, so no message is held while it waits behind others (its lease only has to cover
 * its own send) and a stopped pass leaves nothing claimed but the sends in progress.
 */
export async function deliverDueMessages({
  db,
  mail,
  sms,
  now = new Date(),
  batchSize = 20,
  signal,
}: DeliverDueMessagesOptions): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { claimed: 0, sent: 0, retried: 0, failed: 0, released: 0, stale: 0 };
  // A claim made late in a long pass needs its full lease from when it is made: the pass's
  // clock (`now`, which tests set) moved on by the time actually spent.
  const startedAt = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - startedAt));
  // Taken before each claim's query, so lanes claiming at the same time never exceed the batch.
  let reserved = 0;
  const lane = async (): Promise<void> => {
    while (reserved < batchSize && !signal?.aborted) {
      reserved += 1;
      const row = await claimNext({ db, dueBy: now, claimedAt: clock() });
      if (!row) return;
      counts.claimed += 1;
      const outcome: Outcome = signal?.aborted ? await releaseClaim(db, row, now) : await deliverOne({ db, mail, sms, now, row });
      counts[outcome] += 1;
    }
  };
  // Every lane runs to its end before the pass settles, even when one fails, so a caller
  // waiting for the pass never returns while a send is still in flight.
  const results = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, batchSize) }, lane));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  return counts;
}

/**
 * Claims the oldest due message: one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so
 * lanes and instances sharing a database never claim the same row. The claim counts the
 * attempt, which is also what identifies the claim later (see `stillClaimed`).
 */
async function claimNext({ db, dueBy, claimedAt }: { db: AppDatabase; dueBy: Date; claimedAt: Date }): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.status, ["pending", "sending"]), lte(outboxMessages.nextAttemptAt, dueBy)))
    .orderBy(asc(outboxMessages.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({
      status: "sending",
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: new Date(claimedAt.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  return row;
}

/**
 * Matches the row only while `row`'s claim is still the current one. A send can outlive its
 * lease; by the time it finishes another pass may have re-claimed the row and sent it, and
 * this result must not overwrite that one. Every claim adds one to `attempts`, and a release
 * only undoes the current claim, so `sending` with this claim's count means this claim.
 */
function stillClaimed(row: OutboxRow) {
  return and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, "sending"), eq(outboxMessages.attempts, row.attempts));
}

/** Gives an unsent claim back: due again at once, and the attempt it counted never happened. */
async function releaseClaim(db: AppDatabase, row: OutboxRow, now: Date): Promise<"released" | "stale"> {
  const released = await db
    .update(outboxMessages)
    .set({ status: "pending", attempts: sql`${outboxMessages.attempts} - 1`, nextAttemptAt: now })
    .where(stillClaimed(row))
    .returning({ id: outboxMessages.id });
  return released.length > 0 ? "released" : "stale";
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
}): Promise<"sent" | "retried" | "failed" | "stale"> {
  try {
    if (row.channel === "email") {
      const { subject, text, html, headers } = row.payload as OutboxEmailPayload;
      await mail.send({ to: row.recipient, subject, text, html, ...(headers ? { headers } : {}) });
    } else {
      const { body } = row.payload as OutboxSmsPayload;
      await sms.send({ to: row.recipient, body });
    }
  } catch (error) {
    return recordFailure({ db, now, row, error });
  }
  const log = { id: row.id, channel: row.channel, attempts: row.attempts };
  let recorded: boolean;
  try {
    const updated = await db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date() })
      .where(stillClaimed(row))
      .returning({ id: outboxMessages.id });
    recorded = updated.length > 0;
  } catch (error) {
    // Sent but not recorded: the lease expiry will send it again; say so loudly.
    logger.error({ err: error, ...log }, "outbox: sent but could not mark as sent");
    return "sent";
  }
  if (!recorded) {
    logger.warn(log, "outbox: sent after its claim had run out; another attempt may have sent it too");
    return "stale";
  }
  logger.info(log, "outbox: message sent");
  return "sent";
}

/**
 * SMTP 5xx replies about our own authentication (RFC 4954): the church's staff fix the
 * credentials and the waiting mail should then go out, so these are retried.
 */
const SMTP_AUTH_REPLIES = new Set([530, 534, 535, 538]);

/**
 * An error no retry can fix: an SMTP 5xx reply about the message or its recipient
 * (nodemailer's `responseCode`), or one a transport marked `permanent` (Twilio refusing the
 * number, an invalid recipient).
 */
function isPermanent(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { responseCode, permanent } = error as { responseCode?: unknown; permanent?: unknown };
  // An SMTP reply decides by its code: nodemailer 10 also sets its own `permanent` on every
  // 5xx, our credentials' replies included, which must stay retried.
  if (typeof responseCode === "number") return responseCode >= 500 && !SMTP_AUTH_REPLIES.has(responseCode);
  return permanent === true;
}

/**
 * The error's message plus its cause's code and message: `fetch failed` alone does not say
 * whether the connection was refused or the name did not resolve.
 */
export function describeError(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)) || "unknown error";
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (!cause || typeof cause !== "object") return message;
  const { code, message: causeMessage } = cause as { code?: unknown; message?: unknown };
  const codeText = typeof code === "string" ? code : "";
  const causeText = typeof causeMessage === "string" ? causeMessage : "";
  // Node's "connect ECONNREFUSED 127.0.0.1:25" already names its code.
  const detail = codeText && !causeText.includes(codeText) ? [codeText, causeText].filter(Boolean).join(": ") : causeText;
  return detail ? `${message} (cause: ${detail})` : message;
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
}): Promise<"retried" | "failed" | "stale"> {
  const message = describeError(error);
  const lastError = message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
  const permanent = isPermanent(error);
  // row.attempts already counts this attempt (the claim incremented it).
  const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
  const nextAttemptAt = new Date(now.getTime() + backoffMs(row.attempts));
  const updated = await db
    .update(outboxMessages)
    .set(giveUp ? { status: "failed", lastError } : { status: "pending", lastError, nextAttemptAt })
    .where(stillClaimed(row))
    .returning({ id: outboxMessages.id });
  const log = { id: row.id, channel: row.channel, attempts: row.attempts, error: lastError };
  if (updated.length === 0) {
    logger.warn(log, "outbox: a send failed after its claim had run out; the newer attempt's result stands");
    return "stale";
  }
  if (giveUp) {
    logger.error({ ...log, permanent }, permanent ? "outbox: permanent failure, not retrying" : "outbox: giving up on a message");
    return "failed";
  }
  logger.warn({ ...log, nextAttemptAt }, "outbox: send failed, will retry");
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
  /**
   * Stops the timer and the pass in progress from claiming more; waits for the sends already
   * in flight (each bounded by its transport's deadline).
   */
  stop(): Promise<void>;
}

/**
 * Delivers on an interval and whenever kicked. One pass at a time per process: kicks during
 * a pass coalesce into one more pass after it. A full batch is followed at once by another.
 */
export function startOutboxWorker({ db, mail, sms, intervalMs = 5000, batchSize = 20 }: StartOutboxWorkerOptions): OutboxWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // Stops the pass in progress from claiming more, so stop() leaves nothing claimed but
  // the sends already in flight.
  const stopping = new AbortController();

  const pass = async () => {
    try {
      const counts = await deliverDueMessages({ db, mail, sms, batchSize, signal: stopping.signal });
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
      stopping.abort();
      await running;
    },
  };
}
