import { formatInTimeZone } from "date-fns-tz";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { dateTimeFormat } from "~/i18n/intl-format";

/** Today's date (YYYY-MM-DD) in the church's time zone: guides appear on their week's first day there. */
export async function churchToday(db: AppDatabase, now: Date = new Date()): Promise<{ today: string; timeZone: string }> {
  const timeZone = await churchTimeZone(db);
  return { today: formatInTimeZone(now, timeZone, "yyyy-MM-dd"), timeZone };
}

/** "June 2, 2025" / "2 de junio de 2025" for a local date. */
export function formatStudyDate(localDate: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${localDate}T12:00:00Z`));
}

/** A moment as a date and time in the church's zone, for note timestamps. */
export function formatStudyMoment(instant: Date, language: Language, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(instant);
}
