import { and, asc, count, desc, eq, min, sql } from "drizzle-orm";
import { outboxMessages } from "~/db/schema";
import { getDatabase, type AppDatabase } from "~/server/db.server";
import type { Env } from "~/server/env.server";
import { recentErrors, type RecentError } from "~/server/logger.server";
import { appVersion, readMigrationStatus, uptimeSeconds, type MigrationStatus } from "./system-info.server";

/** How a card reads: the page shows the word as well as the colour. */
export type HealthState = "ok" | "warning" | "error" | "info";

const SLOW_PING_MS = 250;
const STALE_PENDING_SECONDS = 15 * 60;
const ERROR_PREVIEW = 200;

export interface OutboxChannelCounts {
  channel: "email" | "sms";
  pending: number;
  sending: number;
  failed: number;
}

export interface FailedSend {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface ProviderStatus {
  id: "email" | "sms" | "payments" | "assistant";
  state: HealthState;
  /** email: smtp | files; sms: twilio | file; payments: stripe | noStripe; assistant: ai | builtIn. */
  mode: "smtp" | "files" | "twilio" | "file" | "stripe" | "noStripe" | "ai" | "builtIn";
}

export interface SystemHealth {
  checkedAt: string;
  database: { state: HealthState; kind: "pglite" | "postgres"; latencyMs: number | null };
  migrations: MigrationStatus & { state: HealthState };
  outbox: {
    state: HealthState;
    channels: OutboxChannelCounts[];
    totals: { pending: number; sending: number; failed: number };
    oldestPendingSeconds: number | null;
    failed: FailedSend[];
  };
  providers: ProviderStatus[];
  process: { uptimeSeconds: number; nodeVersion: string; appVersion: string; rssBytes: number; environment: string };
  errors: { state: HealthState; recent: RecentError[] };
}

/** `jane@example.org` → `j***@example.org`; `+15555550123` → `+1******0123`. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf("@");
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  const digits = recipient.replace(/\s/g, "");
  if (digits.length <= 4) return "***";
  return `${digits.slice(0, 2)}${"*".repeat(Math.max(3, digits.length - 6))}${digits.slice(-4)}`;
}

function truncate(text: string | null, limit = ERROR_PREVIEW): string | null {
  if (!text) return text;
  const clean = text.replace(/\/\/[^\s/@:]+:[^\s/@]+@/g, "//***:***@");
  return clean.length > limit ? `${clean.slice(0, limit - 1)}…` : clean;
}

async function measurePing(): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await getDatabase().ping();
    return { ok: true, latencyMs: Math.max(0.1, Math.round((performance.now() - started) * 10) / 10) };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

function providerStatus(env: Env): ProviderStatus[] {
  const production = env.NODE_ENV === "production";
  return [
    { id: "email", mode: env.SMTP_URL ? "smtp" : "files", state: env.SMTP_URL ? "ok" : production ? "warning" : "info" },
    { id: "sms", mode: env.TWILIO_ACCOUNT_SID ? "twilio" : "file", state: env.TWILIO_ACCOUNT_SID ? "ok" : production ? "warning" : "info" },
    { id: "payments", mode: env.STRIPE_SECRET_KEY ? "stripe" : "noStripe", state: env.STRIPE_SECRET_KEY ? "ok" : "info" },
    { id: "assistant", mode: env.AI_BASE_URL ? "ai" : "builtIn", state: "ok" },
  ];
}

/** Everything the health page shows, measured now. */
export async function loadSystemHealth(options: { db: AppDatabase; env: Env; now?: Date }): Promise<SystemHealth> {
  const { db, env } = options;
  const now = options.now ?? new Date();
  const ping = await measurePing();
  const migrations = await readMigrationStatus(db);

  const grouped = await db
    .select({ channel: outboxMessages.channel, status: outboxMessages.status, n: count() })
    .from(outboxMessages)
    .where(sql`${outboxMessages.status} in ('pending', 'sending', 'failed')`)
    .groupBy(outboxMessages.channel, outboxMessages.status);
  const channels: OutboxChannelCounts[] = (["email", "sms"] as const).map((channel) => {
    const of = (status: string) => Number(grouped.find((row) => row.channel === channel && row.status === status)?.n ?? 0);
    return { channel, pending: of("pending"), sending: of("sending"), failed: of("failed") };
  });
  const totals = {
    pending: channels.reduce((sum, c) => sum + c.pending, 0),
    sending: channels.reduce((sum, c) => sum + c.sending, 0),
    failed: channels.reduce((sum, c) => sum + c.failed, 0),
  };
  const [oldest] = await db
    .select({ at: min(outboxMessages.createdAt) })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, "pending"));
  const oldestAt = oldest?.at ? new Date(oldest.at) : null;
  const oldestPendingSeconds = oldestAt ? Math.max(0, Math.round((now.getTime() - oldestAt.getTime()) / 1000)) : null;
  const failedRows = await db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "failed")))
    .orderBy(desc(outboxMessages.createdAt), asc(outboxMessages.id))
    .limit(10);

  const errors = recentErrors();
  const memory = process.memoryUsage();
  return {
    checkedAt: now.toISOString(),
    database: {
      state: !ping.ok ? "error" : (ping.latencyMs ?? 0) > SLOW_PING_MS ? "warning" : "ok",
      kind: getDatabase().kind,
      latencyMs: ping.latencyMs,
    },
    migrations: { ...migrations, state: migrations.pending > 0 ? "error" : "ok" },
    outbox: {
      state: totals.failed > 0 || (oldestPendingSeconds ?? 0) > STALE_PENDING_SECONDS ? "warning" : "ok",
      channels,
      totals,
      oldestPendingSeconds,
      failed: failedRows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: maskRecipient(row.recipient),
        attempts: row.attempts,
        lastError: truncate(row.lastError),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
    },
    providers: providerStatus(env),
    process: {
      uptimeSeconds: uptimeSeconds(),
      nodeVersion: process.version,
      appVersion,
      rssBytes: memory.rss,
      environment: env.NODE_ENV,
    },
    errors: { state: errors.length > 0 ? "warning" : "ok", recent: errors },
  };
}
