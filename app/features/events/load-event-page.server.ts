import { and, eq, ne } from "drizzle-orm";
import { formatInTimeZone } from "date-fns-tz";
import { data } from "react-router";
import { eventRegistrations, profiles } from "~/db/schema";
import { getCurrentMember, type MemberSession } from "~/platform/auth/get-current-member.server";
import { localize, localizeOptional } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { getRequestContext } from "~/server/request-context.server";
import { createCalendarFeedToken } from "./calendar-feed-token.server";
import { isEventCategory, mapLinkOf } from "./event-categories";
import { getEventsChurch, type EventsChurch } from "./event-context.server";
import { buildEventJsonLd } from "./event-json-ld";
import { formatLocalDate, formatShortDateTime, formatTimeRange } from "./format-event-dates.server";
import { findPublicEvent, type EventRow } from "./list-event-occurrences.server";
import { expandOccurrences, nextOccurrence, type Occurrence } from "./occurrences.server";
import { seatsTaken } from "./register-for-event.server";

const DAY_MS = 86_400_000;

/** A registration question as the form shows it, in the visitor's language. */
export interface QuestionView {
  id: string;
  kind: "text" | "choice" | "number";
  label: string;
  required: boolean;
  options: string[];
  min: number | null;
  max: number | null;
}

/**
 * The occurrence a detail page shows: the one on `?date=` (YYYY-MM-DD, local), else the next
 * one still to come, else (an event that is over) its last one. Null for a date the event
 * has no occurrence on.
 */
export function pickOccurrence(event: EventRow, timeZone: string, date: string | null, now: Date): Occurrence | null {
  if (date !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
    const day = Date.parse(`${date}T12:00:00Z`);
    if (Number.isNaN(day)) return null;
    const around = expandOccurrences(event, timeZone, { from: new Date(day - 2 * DAY_MS), to: new Date(day + 2 * DAY_MS) });
    return around.find((o) => o.localDate === date) ?? null;
  }
  const next = nextOccurrence(event, timeZone, now);
  if (next) return next;
  const past = expandOccurrences(event, timeZone, { from: new Date(event.startsAt.getTime() - 1), to: now });
  return (
    past.at(-1) ??
    expandOccurrences(event, timeZone, { from: new Date(event.startsAt.getTime() - 1), to: new Date(event.startsAt.getTime() + 1) })[0] ??
    null
  );
}

/** The event and occurrence a request names (slug + ?date=), or a 404. */
export async function resolveEventOccurrence(o: { db: AppDatabase; slug: string; date: string | null; timeZone: string; now: Date }) {
  const event = await findPublicEvent(o.db, o.slug);
  if (!event) throw data(null, { status: 404 });
  const occurrence = pickOccurrence(event, o.timeZone, o.date, o.now);
  if (!occurrence) throw data(null, { status: 404 });
  return { event, occurrence };
}

export function questionViews(event: EventRow, language: Language): QuestionView[] {
  return event.registrationQuestions.map((q) => ({
    id: q.id,
    kind: q.kind,
    label: localize(language, q.labelEn, q.labelEs),
    required: q.required,
    options: (q.options ?? []).map((option) => localize(language, option.en, option.es)),
    min: q.min ?? null,
    max: q.max ?? null,
  }));
}

async function memberState(db: AppDatabase, session: MemberSession | null, event: EventRow, occurrence: Occurrence) {
  if (!session) return null;
  const userId = session.member.id;
  const [[registration], [profile]] = await Promise.all([
    db
      .select({ id: eventRegistrations.id, status: eventRegistrations.status, partySize: eventRegistrations.partySize })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.occurrenceStart, occurrence.start),
          eq(eventRegistrations.userId, userId),
          ne(eventRegistrations.status, "cancelled"),
        ),
      )
      .limit(1),
    db.select({ version: profiles.calendarFeedVersion }).from(profiles).where(eq(profiles.id, userId)).limit(1),
  ]);
  return {
    name: session.member.name,
    hasEmail: Boolean(session.member.email),
    registration: registration
      ? { id: registration.id, status: registration.status as "confirmed" | "waitlisted", partySize: registration.partySize }
      : null,
    feedUrl: `/events/mine.ics?token=${encodeURIComponent(createCalendarFeedToken(userId, profile?.version ?? 0))}`,
  };
}

function isoWithOffset(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** /events/:slug[?date=YYYY-MM-DD]: one occurrence of an event, with the RSVP state. */
export async function loadEventPage({ request, url, slug, now = new Date() }: { request: Request; url: URL; slug: string; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const church: EventsChurch = await getEventsChurch(db, language);
  const { timeZone } = church;
  const { event, occurrence } = await resolveEventOccurrence({ db, slug, date: url.searchParams.get("date"), timeZone, now });
  const [session, seats] = await Promise.all([getCurrentMember({ db, request }), seatsTaken(db, event.id, occurrence.start)]);
  const member = await memberState(db, session, event, occurrence);

  const base = siteUrl(getEnv());
  const title = localize(language, event.titleEn, event.titleEs);
  const description = localize(language, event.descriptionEn, event.descriptionEs);
  const cancelled = event.status === "cancelled";
  const path = `/events/${encodeURIComponent(event.slug)}`;
  const isPast = occurrence.start.getTime() <= now.getTime();
  const nextDates = event.recurrence
    ? expandOccurrences(event, timeZone, { from: now, to: new Date(now.getTime() + 400 * DAY_MS), limit: 6 }).map((o) => ({
        localDate: o.localDate,
        label: formatShortDateTime(o.start, language, timeZone),
        href: `${path}?date=${o.localDate}`,
        current: o.localDate === occurrence.localDate,
      }))
    : [];
  const placeName = event.locationName ?? church.name;
  const imageUrl = event.imageUrl ? new URL(event.imageUrl, base).toString() : null;

  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");

  return data(
    {
      event: {
        id: event.id,
        slug: event.slug,
        title,
        description,
        category: isEventCategory(event.category) ? event.category : "other",
        cancelled,
        recurring: Boolean(event.recurrence),
        imageUrl: event.imageUrl,
        imageAlt: localizeOptional(language, event.imageAltEn, event.imageAltEs) ?? "",
        placeName: event.locationName,
        address: event.address,
        mapUrl: mapLinkOf(event),
        rsvpEnabled: event.rsvpEnabled,
        guestRegistration: event.guestRegistration,
        maxPartySize: event.maxPartySize,
        questions: questionViews(event, language),
      },
      occurrence: {
        start: occurrence.start.toISOString(),
        localDate: occurrence.localDate,
        dateLabel: formatLocalDate(occurrence.localDate, language),
        timeLabel: formatTimeRange(occurrence.start, occurrence.end, language, timeZone),
        isPast,
        capacity: event.capacity,
        placesLeft: event.capacity == null ? null : Math.max(0, event.capacity - seats.confirmed),
      },
      nextDates,
      member,
      calendarHref: `${path}/calendar.ics${language === "en" ? "" : `?lang=${language}`}`,
      signInHref: `/auth?redirectTo=${encodeURIComponent(`${path}${url.search}`).replaceAll("%2F", "/")}`,
      seo: {
        title,
        description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description,
        imageUrl: event.imageUrl,
        jsonLd: [
          buildEventJsonLd({
            name: title,
            description,
            startDate: isoWithOffset(occurrence.start, timeZone),
            endDate: occurrence.end ? isoWithOffset(occurrence.end, timeZone) : null,
            cancelled,
            url: `${base}${path}${event.recurrence ? `?date=${occurrence.localDate}` : ""}`,
            imageUrl,
            place: { name: placeName, address: church.address, addressLine: event.address },
            organizer: { name: church.name, url: `${base}/` },
          }),
        ],
      },
    },
    { headers },
  );
}
