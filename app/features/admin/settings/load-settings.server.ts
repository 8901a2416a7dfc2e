import path from "node:path";
import { asc } from "drizzle-orm";
import { serviceTimes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl, type Env } from "~/server/env.server";
import { DEFAULT_RETENTION, RETENTION_FIELDS } from "~/features/privacy/retention-settings";
import { PROFILE_FIELDS, type ProfileField } from "./church-profile-input";
import { readChurchSettings } from "~/platform/church/church-settings.server";

export interface IntegrationStatus {
  email: { configured: boolean; host: string | null; from: string | null; folder: string };
  sms: { configured: boolean; from: string | null; file: string };
  /** Stripe: configured with the secret key (and, required with it, the webhook secret). */
  payments: { configured: boolean; webhookUrl: string };
  /** An AI provider (AI_BASE_URL): its host and model. Without one, the built-in answerer replies from the site's content. */
  assistant: { configured: boolean; host: string | null; model: string | null };
}

/** The host of a service's URL, never its credentials; null when unset or unreadable. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** What the environment says about sending; never a secret (no SMTP password, no token). */
export function integrationStatus(env: Env = getEnv()): IntegrationStatus {
  return {
    email: {
      configured: !!env.SMTP_URL,
      host: hostOf(env.SMTP_URL),
      from: env.MAIL_FROM ?? null,
      folder: path.join(env.DATA_DIR, "outbox", "mail"),
    },
    sms: {
      configured: !!(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER),
      from: env.TWILIO_FROM_NUMBER ?? null,
      file: path.join(env.DATA_DIR, "outbox", "sms.jsonl"),
    },
    payments: { configured: !!(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET), webhookUrl: `${siteUrl(env)}/stripe/webhook` },
    assistant: { configured: !!env.AI_BASE_URL, host: hostOf(env.AI_BASE_URL), model: env.AI_BASE_URL ? (env.AI_MODEL ?? null) : null },
  };
}

/** The settings page: the profile as form values, every service time, integration status. */
export async function loadSettings({ db }: { db: AppDatabase }) {
  const [row, times] = await Promise.all([
    readChurchSettings(db),
    db.select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id)),
  ]);
  const profile = Object.fromEntries(
    PROFILE_FIELDS.map((field) => {
      const value = row ? row[field] : null;
      return [field, value == null ? "" : String(value)];
    }),
  ) as Record<ProfileField, string>;
  if (!row) {
    profile.country = "US";
    profile.timeZone = "America/Chicago";
  }
  return {
    configured: !!row,
    profile,
    serviceTimes: times.map((t) => ({
      id: t.id,
      key: t.key,
      dayOfWeek: t.dayOfWeek,
      startTime: t.startTime,
      nameEn: t.nameEn,
      nameEs: t.nameEs ?? "",
      isMainService: t.isMainService,
    })),
    integrations: integrationStatus(),
    look: { brandColor: row?.brandColor ?? null, logoUrl: row?.logoUrl ?? null },
    /** How long prayer requests and chat are kept (ADR 021), as form values. */
    retention: Object.fromEntries(RETENTION_FIELDS.map((field) => [field, String(row ? row[field] : DEFAULT_RETENTION[field])])) as Record<
      (typeof RETENTION_FIELDS)[number],
      string
    >,
    prayerWallDays: row?.prayerExpiryDays ?? 30,
  };
}
