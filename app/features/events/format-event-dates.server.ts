import type { Language } from "~/i18n/config";
import { dateTimeFormat, kept } from "~/i18n/intl-format";

const formatter = (language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat(language, { ...options, timeZone });

/**
 * Labels already made, by what they depend on. The events pages label the same few hundred
 * dates and times on every request (the occurrences themselves are kept per content version),
 * and making a label (the format's lookup, a Date, Intl's formatting) was 6–8 % of an
 * `/events.data` answer's CPU (issue 10, bench/README part 9). Bounded; a label never changes.
 */
const MAX_LABELS = 4096;
const labels = new Map<string, string>();

/** An invalid date throws in `make`, and nothing is kept. */
const label = (key: string, make: () => string) => kept(labels, key, make, MAX_LABELS);

/** "Wednesday, November 25, 2026" for a local date (YYYY-MM-DD), whatever the server's zone. */
export function formatLocalDate(localDate: string, language: Language): string {
  return label(`date|${language}|${localDate}`, () =>
    formatter(language, "UTC", { weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(
      new Date(`${localDate}T12:00:00Z`),
    ),
  );
}

/** "November 2026" for a month (YYYY-MM). */
export function formatMonth(month: string, language: Language): string {
  return formatter(language, "UTC", { year: "numeric", month: "long" }).format(new Date(`${month}-15T12:00:00Z`));
}

/** "7:00 PM" in the church's time zone. */
export function formatTime(instant: Date, language: Language, timeZone: string): string {
  return label(`time|${language}|${timeZone}|${instant.getTime()}`, () =>
    formatter(language, timeZone, { hour: "numeric", minute: "2-digit" }).format(instant),
  );
}

/** "7:00 PM – 8:30 PM", or only the start when there is no end. */
export function formatTimeRange(start: Date, end: Date | null, language: Language, timeZone: string): string {
  const from = formatTime(start, language, timeZone);
  return end && end.getTime() > start.getTime() ? `${from} – ${formatTime(end, language, timeZone)}` : from;
}

/** "Wed, Nov 25, 7:00 PM" — short, for the list of next dates. */
export function formatShortDateTime(instant: Date, language: Language, timeZone: string): string {
  return formatter(language, timeZone, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
    instant,
  );
}

type WeekdayName = Readonly<{ long: string; short: string }>;
const weekdays = new Map<string, readonly WeekdayName[]>();

/** Weekday names from Sunday, for a calendar's column headers: [long, short]. Made once per language. */
export function weekdayNames(language: Language): readonly WeekdayName[] {
  return kept(weekdays, language, () =>
    // 2026-01-04 is a Sunday.
    Object.freeze(
      Array.from({ length: 7 }, (_, i) => {
        const day = new Date(Date.UTC(2026, 0, 4 + i, 12));
        return Object.freeze({
          long: formatter(language, "UTC", { weekday: "long" }).format(day),
          short: formatter(language, "UTC", { weekday: "short" }).format(day),
        });
      }),
    ),
  );
}
