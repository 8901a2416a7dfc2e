import type { Language } from "~/i18n/config";
import { dateTimeFormat } from "~/i18n/intl-format";

const formatter = (language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(language, { ...options, timeZone });

/** "Wednesday, November 25, 2026" for a local date (YYYY-MM-DD), whatever the server's zone. */
export function formatLocalDate(localDate: string, language: Language): string {
  return formatter(language, "UTC", { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(
    new Date(`${localDate}T12:00:00Z`),
  );
}

/** "November 2026" for a month (YYYY-MM). */
export function formatMonth(month: string, language: Language): string {
  return formatter(language, "UTC", { year: "numeric", month: "long" }).format(new Date(`${month}-15T12:00:00Z`));
}

/** "7:00 PM" in the church's time zone. */
export function formatTime(instant: Date, language: Language, timeZone: string): string {
  return formatter(language, timeZone, { hour: "numeric", minute: "2-digit" }).format(instant);
}

/** "7:00 PM – 8:30 PM", or only the start when there is no end. */
export function formatTimeRange(start: Date, end: Date | null, language: Language, timeZone: string): string {
  const from = formatTime(start, language, timeZone);
  return end && end.getTime() > start.getTime() ? `${from} – ${formatTime(end, language, timeZone)}` : from;
}

/** "Wed, Nov 25, 7:00 PM" — short, for the list of next dates. */
export function formatShortDateTime(instant: Date, language: Language, timeZone: string): string {
  return formatter(language, timeZone, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(instant);
}

/** Weekday names from Sunday, for a calendar's column headers: [long, short]. */
export function weekdayNames(language: Language): { long: string; short: string }[] {
  // 2026-01-04 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 4 + i, 12));
    return {
      long: formatter(language, "UTC", { weekday: "long" }).format(day),
      short: formatter(language, "UTC", { weekday: "short" }).format(day),
    };
  });
}
