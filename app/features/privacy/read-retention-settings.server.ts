import type { AppDatabase } from "~/server/db.server";
import { DEFAULT_RETENTION, type RetentionSettings } from "./retention-settings";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** The church's retention periods and the prayer wall's display period, or the defaults before setup. */
export async function readRetentionSettings({ db }: { db: AppDatabase }): Promise<RetentionSettings & { prayerWallDays: number }> {
  const row = await readChurchSettings(db);
  if (!row) return { ...DEFAULT_RETENTION, prayerWallDays: 30 };
  return {
    prayerRetentionDays: row.prayerRetentionDays,
    privatePrayerRetentionDays: row.privatePrayerRetentionDays,
    chatRetentionDays: row.chatRetentionDays,
    prayerWallDays: row.prayerExpiryDays,
  };
}
