import { asc, eq } from "drizzle-orm";
import { eventRegistrations } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { expandOccurrences } from "~/features/events/occurrences.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { listRegistrationEvents, type EventChoice } from "./list-registration-events.server";
import {
  listRegistrations,
  loadEvent,
  questionLabel,
  totalsOf,
  type RegistrationRow,
  type RegistrationTotals,
} from "./list-registrations.server";
import type { RegistrationFilters } from "./registrations-input";
import { resolveOccurrence } from "./resolve-occurrence.server";

const DAY_MS = 86_400_000;

export interface RegistrationsPageData {
  timeZone: string;
  events: EventChoice[];
  filters: { eventId: number | null; q: string };
  event: { id: number; title: string; recurring: boolean; capacity: number | null; questions: { id: string; label: string }[] } | null;
  eventMissing: boolean;
  occurrences: string[];
  occurrence: string | null;
  totals: RegistrationTotals | null;
  registrations: RegistrationRow[];
  waitlist: RegistrationRow[];
  /** Confirmed registrations for the check-in list (search applies). */
  checkIn: RegistrationRow[];
}

/** The registrations page: the event picker, and for a chosen event its occurrence's list. */
export async function loadRegistrationsPage(options: {
  db: AppDatabase;
  language: Language;
  filters: RegistrationFilters;
  now?: Date;
}): Promise<RegistrationsPageData> {
  const { db, language, filters } = options;
  const now = options.now ?? new Date();
  const [timeZone, choices] = await Promise.all([churchTimeZone(db), listRegistrationEvents({ db, language, now })]);
  const empty: RegistrationsPageData = {
    timeZone,
    events: choices,
    filters: { eventId: filters.eventId, q: filters.q },
    event: null,
    eventMissing: false,
    occurrences: [],
    occurrence: null,
    totals: null,
    registrations: [],
    waitlist: [],
    checkIn: [],
  };
  const eventId = filters.eventId ?? choices[0]?.id ?? null;
  if (eventId === null) return empty;
  const event = await loadEvent(db, eventId);
  if (!event) return { ...empty, eventMissing: filters.eventId !== null };

  const occurrence = await resolveOccurrence({ db, event, timeZone, requested: filters.occurrence, now });
  let occurrences: string[] = [];
  if (event.recurrence) {
    // The recent and coming occurrences, and every one that has registrations.
    const window = expandOccurrences(event, timeZone, {
      from: new Date(now.getTime() - 60 * DAY_MS),
      to: new Date(now.getTime() + 180 * DAY_MS),
      limit: 60,
    });
    const registered = await db
      .selectDistinct({ start: eventRegistrations.occurrenceStart })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id))
      .orderBy(asc(eventRegistrations.occurrenceStart));
    const starts = new Set([...window.map((o) => o.start.toISOString()), ...registered.map((r) => r.start.toISOString())]);
    if (occurrence) starts.add(occurrence.toISOString());
    occurrences = [...starts].sort();
  }
  const base = {
    ...empty,
    filters: { eventId: event.id, q: filters.q },
    event: {
      id: event.id,
      title: (language === "es" ? event.titleEs : null) || event.titleEn,
      recurring: Boolean(event.recurrence),
      capacity: event.capacity,
      questions: (event.registrationQuestions ?? []).map((q) => ({ id: q.id, label: questionLabel(q, language) })),
    },
    occurrences,
    occurrence: occurrence ? occurrence.toISOString() : null,
  };
  if (!occurrence) return base;
  const all = await listRegistrations({ db, event, occurrence, language });
  const matching = filters.q ? await listRegistrations({ db, event, occurrence, language, q: filters.q }) : all;
  return {
    ...base,
    totals: totalsOf(all, event.capacity),
    registrations: matching,
    waitlist: all.filter((r) => r.status === "waitlisted"),
    checkIn: matching.filter((r) => r.status === "confirmed"),
  };
}
