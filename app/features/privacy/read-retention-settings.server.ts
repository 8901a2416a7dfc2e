import { churchSettings } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { DEFAULT_RETENTION, type RetentionSettings } from "./retention-settings";

/** The church's retention periods and the prayer wall's display period, or the defaults before setup. */
export async function readRetentionSettings({ db }: { db: AppDatabase }): Promise<RetentionSettings & { prayerWallDays: number }> {
  const [row] = await db
    .select({
      prayerRetentionDays: churchSettings.prayerRetentionDays,
      privatePrayerRetentionDays: churchSettings.privatePrayerRetentionDays,
      chatRetentionDays: churchSettings.chatRetentionDays,
      prayerWallDays: churchSettings.prayerExpiryDays,
    })
    .from(churchSettings)
    .limit(1);
  return row ?? { ...DEFAULT_RETENTION, prayerWallDays: 30 };
}
