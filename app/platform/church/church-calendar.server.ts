import { formatInTimeZone } from "date-fns-tz";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import { dateTimeFormat } from "~/i18n/intl-format";

export interface MembershipChurch {
  name: string;
  /** A valid IANA zone; UTC before the church is configured. */
  timeZone: string;
}

/** The church's name (in `language`) and time zone, which dates on these pages use. */
export async function getMembershipChurch(db: AppDatabase, language: Language): Promise<MembershipChurch> {
  const row = await readChurchSettings(db);
  return { name: row ? localize(language, row.nameEn, row.nameEs) : "", timeZone: validZone(row?.timeZone) };
}

/** `zone` when this runtime knows it as an IANA time zone, else UTC (also before the church is configured). */
export function validZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    dateTimeFormat("en", { timeZone: zone }); // kept once made; an unknown zone throws
    return zone;
  } catch {
    return "UTC";
  }
}

/** Today's date (YYYY-MM-DD) in the church's time zone. */
export function churchToday(timeZone: string, now = new Date()): string {
  return formatInTimeZone(now, timeZone, "yyyy-MM-dd");
}

/** A session's date and time for pages and emails, in the reader's language and the church's zone. */
export function formatSessionTime(start: Date, end: Date | null, language: Language, timeZone: string): string {
  const day = dateTimeFormat(language, { dateStyle: "full", timeZone }).format(start);
  const time = dateTimeFormat(language, { timeStyle: "short", timeZone });
  return end ? `${day}, ${time.formatRange(start, end)}` : `${day}, ${time.format(start)}`;
}
