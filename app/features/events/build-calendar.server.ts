import { formatInTimeZone } from "date-fns-tz";
import { ICalCalendar, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { EventRecurrence } from "~/db/schema";
import { toRRule } from "./occurrences.server";

/** One VEVENT: a whole (possibly recurring) event, or one registered occurrence. */
export interface CalendarEntry {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string;
  start: Date;
  end: Date | null;
  /** Written as RRULE (+ EXDATE for `excludedDates`); null for a single occurrence. */
  recurrence: EventRecurrence | null;
  excludedDates: readonly string[];
  cancelled: boolean;
  categories?: string[];
  lastModified?: Date;
}

export interface CalendarOptions {
  name: string;
  timeZone: string;
  /** REFRESH-INTERVAL / X-PUBLISHED-TTL for subscribed feeds. */
  ttlSeconds?: number;
  entries: CalendarEntry[];
  /** Used for PRODID. */
  productName?: string;
}

/**
 * A wall-clock time in a time zone as ical-generator understands it: it writes a plain `Date`
 * in the *server's* zone when an event has a TZID, so the church's local time goes in as a
 * minimal Temporal.ZonedDateTime-like value instead (fields already in the church's zone).
 */
function zoned(instant: Date, timeZone: string) {
  const parts = formatInTimeZone(instant, timeZone, "yyyy M d H m s").split(" ").map(Number);
  const [year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  const plain = {
    year,
    month,
    day,
    hour,
    minute,
    second,
    toPlainDate: () => ({ year, month, day }),
    toZonedDateTime: () => value,
  };
  const value = {
    timeZoneId: timeZone,
    year,
    month,
    day,
    hour,
    minute,
    second,
    epochMilliseconds: instant.getTime(),
    toPlainDateTime: () => plain,
    withTimeZone: (zone: string) => (zone === timeZone ? value : zoned(instant, zone)),
    toInstant: () => ({ epochMilliseconds: instant.getTime() }),
    toJSON: () => instant.toISOString(),
  };
  return value;
}

/** RRULE and EXDATE lines of a recurring event (EXDATE at the first occurrence's local time). */
function recurrenceLines(entry: CalendarEntry, timeZone: string): string | null {
  if (!entry.recurrence) return null;
  const lines = [`RRULE:${toRRule(entry.recurrence, timeZone)}`];
  if (entry.excludedDates.length > 0) {
    const time = formatInTimeZone(entry.start, timeZone, "HHmmss");
    const dates = [...entry.excludedDates].sort().map((d) => `${d.replaceAll("-", "")}T${time}`);
    lines.push(`EXDATE;TZID=${timeZone}:${dates.join(",")}`);
  }
  return lines.join("\r\n");
}

/** An iCalendar (RFC 5545) document: local times with TZID and the matching VTIMEZONE. */
export function buildCalendar(options: CalendarOptions): string {
  const { timeZone } = options;
  const calendar = new ICalCalendar({
    name: options.name,
    prodId: { company: options.productName ?? "church-website", product: "events", language: "EN" },
  });
  // No calendar-wide zone name: DTSTAMP and LAST-MODIFIED stay in UTC ("Z"), as the RFC asks;
  // the generator still writes one VTIMEZONE per zone the events use.
  calendar.timezone({
    name: "",
    generator: (tz) => {
      const block = tzlib_get_ical_block(tz);
      return Array.isArray(block) ? (block[0] ?? null) : null;
    },
  });
  if (options.ttlSeconds) calendar.ttl(options.ttlSeconds);
  for (const entry of options.entries) {
    const event = calendar.createEvent({
      id: entry.uid,
      start: zoned(entry.start, timeZone) as never,
      timezone: timeZone,
      summary: entry.summary,
      description: entry.description,
      url: entry.url,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
    if (entry.end) event.end(zoned(entry.end, timeZone) as never);
    if (entry.location) event.location(entry.location);
    const repeating = recurrenceLines(entry, timeZone);
    if (repeating) event.repeating(repeating);
    if (entry.lastModified) event.lastModified(entry.lastModified);
    for (const name of entry.categories ?? []) event.createCategory({ name });
  }
  // Calendar properties come before the components (RFC 5545 3.6), so not through x().
  return calendar.toString().replace(/^(X-WR-CALNAME:.*\r\n)/m, `$1X-WR-TIMEZONE:${timeZone}\r\n`);
}

/** The response of a calendar file or feed. */
export function calendarResponse(body: string, o: { filename?: string; cacheControl: string }): Response {
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": o.cacheControl,
    "X-Content-Type-Options": "nosniff",
  });
  if (o.filename) headers.set("Content-Disposition", `attachment; filename="${o.filename}"`);
  return new Response(body, { headers });
}
