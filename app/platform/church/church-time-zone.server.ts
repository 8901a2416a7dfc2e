import { validZone } from "~/platform/church/church-calendar.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import type { AppDatabase } from "~/server/db.server";

/** The church's IANA time zone for dates and date filters; UTC before the church is configured. */
export async function churchTimeZone(db: AppDatabase): Promise<string> {
  return validZone((await readChurchSettings(db))?.timeZone);
}
