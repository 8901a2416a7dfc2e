import { z } from "zod";

/**
 * How long the site keeps what expires (ADR 021). Stored in `church_settings`, edited in
 * Admin → Settings → Privacy and data retention, shown on /privacy, applied every hour by
 * `purgeExpiredData`.
 */
export interface RetentionSettings {
  /** Days a public or members-only prayer request is kept after it left the wall. */
  prayerRetentionDays: number;
  /** Days a private (pastoral team only) request is kept after staff last worked on it. */
  privatePrayerRetentionDays: number;
  /** Days a live-chat message is kept after it was posted. */
  chatRetentionDays: number;
}

export const RETENTION_FIELDS = [
  "prayerRetentionDays",
  "privatePrayerRetentionDays",
  "chatRetentionDays",
] as const satisfies readonly (keyof RetentionSettings)[];

/** What a fresh install uses (the migration's column defaults). */
export const DEFAULT_RETENTION: RetentionSettings = { prayerRetentionDays: 90, privatePrayerRetentionDays: 365, chatRetentionDays: 30 };

/** 1 day to 10 years: the database refuses anything else (church_settings_retention). */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

const days = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, "settings.errors.retentionDays")
  .transform(Number)
  .pipe(z.number().int().min(RETENTION_MIN_DAYS, "settings.errors.retentionDays").max(RETENTION_MAX_DAYS, "settings.errors.retentionDays"));

/** The admin form: whole numbers of days, 1–3650; messages are admin translation keys. */
export const ZRetentionSettings = z.object({
  prayerRetentionDays: days,
  privatePrayerRetentionDays: days,
  chatRetentionDays: days,
});
