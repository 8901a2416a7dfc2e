import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { localize, localizeOptional } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import { getRequestContext } from "~/server/request-context.server";
import { isEventCategory, mapLinkOf, type EventCategory } from "./event-categories";
import { getEventsChurch } from "./event-context.server";
import type { CalendarDay, OccurrenceView } from "./event-views";
import { eventsTranslator } from "./events-translation";
import { formatLocalDate, formatMonth, formatTimeRange, weekdayNames } from "./format-event-dates.server";
import { listEventOccurrences, type ListedOccurrence } from "./list-event-occurrences.server";

const LIST_DAYS = 90;
const DAY_MS = 86_400_000;

/** An occurrence as the pages show it (see OccurrenceView). */
export function occurrenceView(listed: ListedOccurrence, language: Language, timeZone: string): OccurrenceView {
  const { event, occurrence, confirmed } = listed;
  const title = localize(language, event.titleEn, event.titleEs);
  const description = localize(language, event.descriptionEn, event.descriptionEs);
  return {
    key: `${event.id}:${occurrence.start.getTime()}`,
    slug: event.slug,
    href: `/events/${encodeURIComponent(event.slug)}${event.recurrence ? `?date=${occurrence.localDate}` : ""}`,
    title,
    summary: description.length > 200 ? `${description.slice(0, 197).trimEnd()}…` : description,
    category: isEventCategory(event.category) ? event.category : "other",
    cancelled: event.status === "cancelled",
    localDate: occurrence.localDate,
    start: occurrence.start.toISOString(),
    dateLabel: formatLocalDate(occurrence.localDate, language),
    timeLabel: formatTimeRange(occurrence.start, occurrence.end, language, timeZone),
    placeName: event.locationName,
    address: event.address,
    mapUrl: mapLinkOf(event),
    imageUrl: event.imageUrl,
    imageAlt: localizeOptional(language, event.imageAltEn, event.imageAltEs) ?? "",
    capacity: event.capacity,
    placesLeft: event.capacity == null ? null : Math.max(0, event.capacity - confirmed),
    rsvpEnabled: event.rsvpEnabled,
  };
}

function shiftMonth(month: string, by: number): string {
  const [y = 1970, m = 1] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** Occurrences by their local day, in the order given (already by start). */
function byLocalDate(views: OccurrenceView[]): Map<string, OccurrenceView[]> {
  const byDate = new Map<string, OccurrenceView[]>();
  for (const v of views) {
    const day = byDate.get(v.localDate);
    if (day) day.push(v);
    else byDate.set(v.localDate, [v]);
  }
  return byDate;
}

/** /events: the list (next 90 days, by date) or the month calendar, optionally of one category. */
export async function loadEventsPage({ request, now = new Date() }: { request: Request; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = eventsTranslator(language);
  const params = new URL(request.url).searchParams;
  const view = params.get("view") === "calendar" ? "calendar" : "list";
  const rawCategory = params.get("category");
  const category: EventCategory | null = isEventCategory(rawCategory) ? rawCategory : null;

  const [blocks, church] = await Promise.all([getContentBlocks({ db, language, keys: ["page.events"] }), getEventsChurch(db, language)]);
  const { timeZone } = church;
  const block = blocks["page.events"];
  const page = { title: block?.title ?? t("list.title"), body: block?.body ?? "" };
  const today = formatInTimeZone(now, timeZone, "yyyy-MM-dd");
  const thisMonth = today.slice(0, 7);

  let groups: { date: string; label: string; items: OccurrenceView[] }[] = [];
  let calendar: { month: string; label: string; previous: string; next: string; weeks: CalendarDay[][] } | null = null;

  if (view === "list") {
    const listed = await listEventOccurrences({ db, timeZone, from: now, to: new Date(now.getTime() + LIST_DAYS * DAY_MS), category });
    const byDate = byLocalDate(listed.map((l) => occurrenceView(l, language, timeZone)));
    groups = [...byDate].map(([date, items]) => ({ date, label: formatLocalDate(date, language), items }));
  } else {
    const requested = params.get("month");
    const month =
      requested &&
      /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) &&
      Number(requested.slice(0, 4)) >= 1970 &&
      Number(requested.slice(0, 4)) <= 9999
        ? requested
        : thisMonth;
    const next = shiftMonth(month, 1);
    const from = fromZonedTime(`${month}-01T00:00:00`, timeZone);
    const to = fromZonedTime(`${next}-01T00:00:00`, timeZone);
    const listed = await listEventOccurrences({ db, timeZone, from, to, category });
    // An occurrence that began the month before (still going on the 1st) stays on its own day.
    const byDate = byLocalDate(listed.map((l) => occurrenceView(l, language, timeZone)).filter((v) => v.localDate.startsWith(month)));
    const first = new Date(`${month}-01T12:00:00Z`);
    const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const cells: CalendarDay[] = [];
    for (let i = 0; i < first.getUTCDay(); i++) cells.push({ date: null, day: 0, label: "", isToday: false, occurrences: [] });
    for (let d = 1; d <= daysInMonth; d++) {
      const date = `${month}-${String(d).padStart(2, "0")}`;
      cells.push({ date, day: d, label: formatLocalDate(date, language), isToday: date === today, occurrences: byDate.get(date) ?? [] });
    }
    while (cells.length % 7 !== 0) cells.push({ date: null, day: 0, label: "", isToday: false, occurrences: [] });
    const weeks: CalendarDay[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    calendar = { month, label: formatMonth(month, language), previous: shiftMonth(month, -1), next, weeks };
  }

  return {
    page,
    view,
    category,
    thisMonth,
    groups,
    calendar,
    weekdays: weekdayNames(language),
    seo: { title: page.title, description: block?.summary ?? (page.body.slice(0, 160) || page.title) },
  };
}
