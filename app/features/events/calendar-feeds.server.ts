import { and, asc, eq, inArray } from "drizzle-orm";
import { eventRegistrations, events, profiles } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { isLanguage, type Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { db as appDb } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { buildCalendar, calendarResponse, type CalendarEntry } from "./build-calendar.server";
import { calendarFeedTokenUser, verifyCalendarFeedToken } from "./calendar-feed-token.server";
import { isEventCategory, mapLinkOf } from "./event-categories";
import { getEventsChurch, type EventsChurch } from "./event-context.server";
import { eventsTranslator } from "./events-translation";
import { findPublicEvent, listFeedEvents, type EventRow } from "./list-event-occurrences.server";
import { localDateOf } from "./occurrences.server";

/** Subscribed calendars check back about every hour; caches may keep a feed five minutes. */
const FEED_TTL_SECONDS = 60 * 60;

/** Feeds are fetched by calendar apps without cookies: the language comes from ?lang= only. */
function feedLanguage(request: Request): Language {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLanguage(lang) ? lang : "en";
}

function hostOf(base: string): string {
  return new URL(base).host;
}

function locationOf(event: EventRow, church: EventsChurch): string | null {
  const parts = [event.locationName, event.address ?? (event.locationName ? church.addressLine : null)].filter(Boolean);
  return parts.length ? parts.join(", ") : church.addressLine || null;
}

/** The whole event as one VEVENT (RRULE + EXDATE when it repeats). */
export function eventEntry(event: EventRow, o: { language: Language; base: string; church: EventsChurch }): CalendarEntry {
  const url = `${o.base}/events/${encodeURIComponent(event.slug)}`;
  const description = localize(o.language, event.descriptionEn, event.descriptionEs);
  const map = mapLinkOf(event);
  return {
    uid: `event-${event.id}@${hostOf(o.base)}`,
    summary: localize(o.language, event.titleEn, event.titleEs),
    description: [description, url, map].filter(Boolean).join("\n\n"),
    location: locationOf(event, o.church),
    url,
    start: event.startsAt,
    end: event.endsAt,
    recurrence: event.recurrence,
    excludedDates: event.excludedDates,
    cancelled: event.status === "cancelled",
    categories: [eventsTranslator(o.language)(`categories.${isEventCategory(event.category) ? event.category : "other"}`)],
    lastModified: event.updatedAt,
  };
}

/** GET /events.ics[?category=…&lang=es]: every public event, for calendar apps to subscribe to. */
export async function eventsFeedResponse({ request, db = appDb() }: { request: Request; db?: AppDatabase }): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const rawCategory = params.get("category");
  if (rawCategory !== null && !isEventCategory(rawCategory)) {
    return new Response("Unknown category", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const category = rawCategory;
  const language = feedLanguage(request);
  const t = eventsTranslator(language);
  const church = await getEventsChurch(db, language);
  const base = siteUrl(getEnv());
  const rows = await listFeedEvents({ db, category });
  const name = category
    ? t("feed.categoryCalendarName", { church: church.name, category: t(`categories.${category}`) })
    : t("feed.calendarName", { church: church.name });
  const body = buildCalendar({
    name,
    timeZone: church.timeZone,
    ttlSeconds: FEED_TTL_SECONDS,
    entries: rows.map((event) => eventEntry(event, { language, base, church })),
  });
  return calendarResponse(body, { cacheControl: "public, max-age=300" });
}

/** GET /events/:slug/calendar.ics: one event to add to a calendar. Drafts and unknown slugs: 404. */
export async function eventIcsResponse({
  request,
  slug,
  db = appDb(),
}: {
  request: Request;
  slug: string;
  db?: AppDatabase;
}): Promise<Response> {
  const event = await findPublicEvent(db, slug);
  if (!event) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const language = feedLanguage(request);
  const church = await getEventsChurch(db, language);
  const body = buildCalendar({
    name: localize(language, event.titleEn, event.titleEs),
    timeZone: church.timeZone,
    entries: [eventEntry(event, { language, base: siteUrl(getEnv()), church })],
  });
  const filename = event.slug.replace(/[^A-Za-z0-9._-]/g, "-");
  return calendarResponse(body, { filename: `${filename}.ics`, cacheControl: "public, max-age=300" });
}

/**
 * GET /events/mine.ics?token=…: the occurrences a member registered for (confirmed and
 * waitlisted), one VEVENT each. Any token that does not check out is a plain 404.
 */
export async function memberFeedResponse({ request, db = appDb() }: { request: Request; db?: AppDatabase }): Promise<Response> {
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const token = new URL(request.url).searchParams.get("token");
  const userId = calendarFeedTokenUser(token);
  if (!token || !userId) return notFound();
  const [profile] = await db
    .select({ version: profiles.calendarFeedVersion, language: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!profile || !verifyCalendarFeedToken(token, userId, profile.version)) return notFound();

  const lang = new URL(request.url).searchParams.get("lang");
  const language: Language = isLanguage(lang) ? lang : profile.language;
  const t = eventsTranslator(language);
  const church = await getEventsChurch(db, language);
  const base = siteUrl(getEnv());
  const rows = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), inArray(eventRegistrations.status, ["confirmed", "waitlisted"])))
    .orderBy(asc(eventRegistrations.occurrenceStart));
  const entries = rows
    .filter((r) => r.event.status !== "draft")
    .map(({ registration, event }): CalendarEntry => {
      const whole = eventEntry(event, { language, base, church });
      const duration = event.endsAt ? event.endsAt.getTime() - event.startsAt.getTime() : null;
      const start = registration.occurrenceStart;
      const localDate = localDateOf(start, church.timeZone);
      const url = `${whole.url}${event.recurrence ? `?date=${localDate}` : ""}`;
      return {
        ...whole,
        uid: `registration-${registration.id}@${hostOf(base)}`,
        summary: registration.status === "waitlisted" ? t("feed.waitlisted", { title: whole.summary }) : whole.summary,
        url,
        start,
        end: duration === null ? null : new Date(start.getTime() + duration),
        recurrence: null,
        excludedDates: [],
        lastModified: registration.updatedAt,
      };
    });
  const body = buildCalendar({
    name: t("feed.memberCalendarName", { church: church.name }),
    timeZone: church.timeZone,
    ttlSeconds: FEED_TTL_SECONDS,
    entries,
  });
  const response = calendarResponse(body, { cacheControl: "private, no-store" });
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
