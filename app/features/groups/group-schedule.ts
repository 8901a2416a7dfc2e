import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { parseClock } from "~/platform/church/format-service-time";
import type { Language } from "~/i18n/config";
import type { GroupsT } from "./groups-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

const DAY_MS = 86_400_000;

/** "Every Wednesday at 7:00 PM" / "Cada miércoles a las 7:00 p. m." (the church's local time). */
export function weeklyLabel(t: GroupsT, dayOfWeek: number, startTime: string): string {
  const { hour, minute, period } = parseClock(startTime);
  const time = `${hour}:${minute}\u00a0${t(period === "am" ? "time.am" : "time.pm")}`;
  const day = t(`days.${String(dayOfWeek) as "0"}`);
  // Spanish says "a la 1:00" but "a las 2:00": a whole sentence for each.
  return t(hour === 1 ? "schedule.weeklyAtOne" : "schedule.weekly", { day, time });
}

export interface Meeting {
  start: Date;
  end: Date;
}

/**
 * The next `count` weekly meetings, computed in the church's time zone (so 7 pm stays 7 pm
 * across daylight-saving changes). A meeting still in progress counts as upcoming.
 */
export function nextMeetings(o: {
  dayOfWeek: number;
  startTime: string;
  durationMinutes: number;
  timeZone: string;
  now: Date;
  count?: number;
}): Meeting[] {
  const count = o.count ?? 6;
  const today = formatInTimeZone(o.now, o.timeZone, "yyyy-MM-dd");
  // Calendar arithmetic on noon UTC of the local date: no time zone can move it a day.
  const base = new Date(`${today}T12:00:00Z`);
  const offset = (o.dayOfWeek - base.getUTCDay() + 7) % 7;
  const meetings: Meeting[] = [];
  for (let week = 0; meetings.length < count && week <= count; week++) {
    const localDate = new Date(base.getTime() + (offset + 7 * week) * DAY_MS).toISOString().slice(0, 10);
    const start = fromZonedTime(`${localDate}T${o.startTime}:00`, o.timeZone);
    const end = new Date(start.getTime() + o.durationMinutes * 60_000);
    if (end.getTime() <= o.now.getTime()) continue;
    meetings.push({ start, end });
  }
  return meetings;
}

/** "Wednesday, March 4, 7:00 PM – 8:30 PM" in the visitor's language and the church's zone. */
export function formatMeeting(meeting: Meeting, language: Language, timeZone: string): string {
  const day = dateTimeFormat(language, { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone }).format(meeting.start);
  const range = dateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone }).formatRange(meeting.start, meeting.end);
  return `${day}, ${range}`;
}

/** A plain date ("March 4, 2026") for notices. */
export function formatDay(date: Date, language: Language, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone }).format(date);
}
