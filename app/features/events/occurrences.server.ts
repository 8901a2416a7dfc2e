import * as rrulePackage from "rrule";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import type { EventRecurrence } from "~/db/schema";

// rrule ships CommonJS for Node, whose exports Node offers only as the default import, and an
// ES module, which Vite's module runner loads in some contexts (the e2e global setup): take
// RRule from whichever arrived.
const { RRule } = (rrulePackage as { default?: typeof rrulePackage }).default ?? rrulePackage;

/** What the expansion needs of an event row. */
export interface OccurrenceSource {
  startsAt: Date;
  endsAt: Date | null;
  recurrence: EventRecurrence | null;
  excludedDates: readonly string[];
}

/** One occurrence: real instants, and the local date it falls on in the church's time zone. */
export interface Occurrence {
  start: Date;
  end: Date | null;
  /** YYYY-MM-DD in the church's time zone. */
  localDate: string;
}

/** No event expands to more than this many occurrences in one window. */
export const MAX_OCCURRENCES = 1000;
const DAY_MS = 86_400_000;
const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

/** The wall-clock time of `instant` in `timeZone`, as a "floating" Date whose UTC fields hold it. */
function toFloating(instant: Date, timeZone: string): Date {
  return new Date(`${formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss")}Z`);
}

/** The real instant at which the floating wall-clock time happens in `timeZone`. */
function fromFloating(floating: Date, timeZone: string): Date {
  return fromZonedTime(floating.toISOString().slice(0, 19), timeZone);
}

/** The local date (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, "yyyy-MM-dd");
}

/**
 * The occurrences of an event that are still going on at or after `from` and start before
 * `to`, in order. A recurrence repeats the first occurrence's local time of day, so a 7 pm
 * Bible study stays at 7 pm when daylight saving time starts or ends: the rule is expanded on
 * wall-clock times ("floating") and each one is then placed in the church's time zone.
 */
export function expandOccurrences(
  event: OccurrenceSource,
  timeZone: string,
  window: { from: Date; to: Date; limit?: number },
): Occurrence[] {
  const limit = Math.min(window.limit ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const durationMs = event.endsAt ? Math.max(0, event.endsAt.getTime() - event.startsAt.getTime()) : 0;
  const excluded = new Set(event.excludedDates);
  const make = (start: Date): Occurrence => ({
    start,
    end: event.endsAt ? new Date(start.getTime() + durationMs) : null,
    localDate: localDateOf(start, timeZone),
  });
  const inWindow = (o: Occurrence) =>
    (o.end ?? o.start).getTime() >= window.from.getTime() && o.start.getTime() < window.to.getTime() && !excluded.has(o.localDate);

  if (!event.recurrence) {
    const only = make(event.startsAt);
    return inWindow(only) && limit > 0 ? [only] : [];
  }

  const rule = recurrenceRule(event.recurrence, toFloating(event.startsAt, timeZone));
  // A day's margin on each side covers any offset between wall-clock and real time.
  const floatingFrom = new Date(toFloating(window.from, timeZone).getTime() - durationMs - DAY_MS);
  const floatingTo = new Date(toFloating(window.to, timeZone).getTime() + DAY_MS);
  const result: Occurrence[] = [];
  rule.between(floatingFrom, floatingTo, true, (date) => {
    const occurrence = make(fromFloating(date, timeZone));
    if (inWindow(occurrence)) result.push(occurrence);
    return result.length < limit;
  });
  return result;
}

function recurrenceRule(recurrence: EventRecurrence, dtstart: Date) {
  return new RRule({
    freq: FREQ[recurrence.freq],
    interval: Math.max(1, recurrence.interval),
    dtstart,
    ...(recurrence.freq === "weekly" && recurrence.byWeekday?.length ? { byweekday: recurrence.byWeekday } : {}),
    // The whole last day counts: its end as a floating time.
    ...(recurrence.until ? { until: new Date(`${recurrence.until}T23:59:59Z`) } : {}),
    ...(recurrence.count ? { count: recurrence.count } : {}),
  });
}

/** The next occurrence still going on at `now` (or starting later), if any. */
export function nextOccurrence(event: OccurrenceSource, timeZone: string, now: Date, horizonDays = 800): Occurrence | null {
  return expandOccurrences(event, timeZone, { from: now, to: new Date(now.getTime() + horizonDays * DAY_MS), limit: 1 })[0] ?? null;
}

/** The occurrence that starts exactly at `start`, or null when the event has none then. */
export function occurrenceStartingAt(event: OccurrenceSource, timeZone: string, start: Date): Occurrence | null {
  if (Number.isNaN(start.getTime())) return null;
  const found = expandOccurrences(event, timeZone, { from: new Date(start.getTime() - 1), to: new Date(start.getTime() + 1) });
  return found.find((o) => o.start.getTime() === start.getTime()) ?? null;
}

/**
 * The RRULE of a recurrence for calendar feeds (RFC 5545), with UNTIL as the last local
 * day's end in UTC, as the RFC asks when DTSTART has a time zone.
 */
export function toRRule(recurrence: EventRecurrence, timeZone: string): string {
  const parts = [`FREQ=${recurrence.freq.toUpperCase()}`, `INTERVAL=${Math.max(1, recurrence.interval)}`];
  if (recurrence.freq === "weekly" && recurrence.byWeekday?.length) {
    const names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
    parts.push(`BYDAY=${recurrence.byWeekday.map((d) => names[d]).join(",")}`);
  }
  if (recurrence.until) {
    const endOfDay = fromZonedTime(`${recurrence.until}T23:59:59`, timeZone);
    parts.push(
      `UNTIL=${endOfDay
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
  } else if (recurrence.count) {
    parts.push(`COUNT=${recurrence.count}`);
  }
  return parts.join(";");
}
