import { and, desc, lt, ne } from "drizzle-orm";
import { events, fundraiserArchive } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { yearOverYear, type YearTotals } from "./year-over-year";

export interface FundraiserEntry {
  id: number;
  eventId: number | null;
  title: string;
  heldOn: string;
  menu: string;
  mealsSold: number;
  revenueCents: number;
  volunteers: number;
  registrations: number;
  attendees: number;
  notes: string;
}

export interface FundraisersPageData {
  entries: FundraiserEntry[];
  years: YearTotals[];
  pastEvents: { id: number; title: string; startsAt: string; archived: boolean }[];
}

/** The archive (latest first), its year-over-year totals and the past events one may archive. */
export async function loadFundraisers(options: { db: AppDatabase; language: Language; now?: Date }): Promise<FundraisersPageData> {
  const { db, language } = options;
  const now = options.now ?? new Date();
  const [rows, past] = await Promise.all([
    db.select().from(fundraiserArchive).orderBy(desc(fundraiserArchive.heldOn), desc(fundraiserArchive.id)),
    db
      .select({ id: events.id, titleEn: events.titleEn, titleEs: events.titleEs, startsAt: events.startsAt })
      .from(events)
      .where(and(lt(events.startsAt, now), ne(events.status, "draft")))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(200),
  ]);
  const entries: FundraiserEntry[] = rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    title: row.title,
    heldOn: row.heldOn,
    menu: row.menu,
    mealsSold: row.mealsSold,
    revenueCents: row.revenueCents,
    volunteers: row.volunteers,
    registrations: row.registrations,
    attendees: row.attendees,
    notes: row.notes,
  }));
  const archived = new Set(entries.map((e) => e.eventId).filter((id) => id !== null));
  return {
    entries,
    years: yearOverYear(entries),
    pastEvents: past.map((e) => ({
      id: e.id,
      title: (language === "es" ? e.titleEs : null) || e.titleEn,
      startsAt: e.startsAt.toISOString(),
      archived: archived.has(e.id),
    })),
  };
}
