import { churchSettings } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The church's IANA time zone for the date filters; UTC before the church is configured. */
export async function churchTimeZone(db: AppDatabase): Promise<string> {
  const [row] = await db.select({ timeZone: churchSettings.timeZone }).from(churchSettings).limit(1);
  const zone = row?.timeZone;
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
