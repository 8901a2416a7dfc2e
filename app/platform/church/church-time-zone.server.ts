import { churchSettings } from "~/db/schema";
import { validZone } from "~/platform/church/church-calendar.server";
import { byContentVersion } from "~/server/content-memo.server";
import type { AppDatabase } from "~/server/db.server";

/** The church's IANA time zone for the date filters; UTC before the church is configured. */
export async function churchTimeZone(db: AppDatabase): Promise<string> {
  const [row] = await db.select({ timeZone: churchSettings.timeZone }).from(churchSettings).limit(1);
  return validZone(row?.timeZone);
}

/**
 * The same for a page's loader (never inside a transaction): read once per content version in
 * the production server (content-memo.server.ts).
 */
export function pageTimeZone(db: AppDatabase): Promise<string> {
  return byContentVersion("church-time-zone", () => churchTimeZone(db));
}
