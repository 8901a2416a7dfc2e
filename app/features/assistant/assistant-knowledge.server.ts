import { and, asc, desc, eq } from "drizzle-orm";
import { faqItems, givingFunds, leaders, serviceTimes, sermons, studyGroups } from "~/db/schema";
import { readContentVersion } from "~/platform/content/content-version.server";
import { listEventOccurrences } from "~/features/events/list-event-occurrences.server";
import type { AppDatabase } from "~/server/db.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import { loadTranslation } from "~/i18n/i18n";

/** A text in both languages (Spanish falls back to English where the church left it empty). */
export interface Bi {
  en: string;
  es: string;
}

export interface AssistantKnowledge {
  church: {
    name: Bi;
    address: string;
    phone: string;
    phoneDisplay: string;
    email: string | null;
    timeZone: string;
    directionsUrl: string | null;
    textToGive: { number: string; keyword: string } | null;
  };
  services: Array<{ name: Bi; dayOfWeek: number; startTime: string }>;
  leaders: Array<{ name: string; role: Bi }>;
  /** The next occurrence of each public event in the coming 90 days, soonest first. */
  events: Array<{ title: Bi; description: Bi; start: Date; location: string | null; href: string }>;
  sermons: Array<{ title: Bi; summary: Bi; speaker: string; scripture: string | null; preachedOn: string; href: string }>;
  groups: Array<{ name: Bi; description: Bi; dayOfWeek: number; startTime: string; mode: string; language: string; href: string }>;
  funds: Array<{ name: Bi; description: Bi }>;
  faq: Array<{ id: number; question: Bi; answer: Bi; href: string | null }>;
  /** When this snapshot was read (the events list depends on it). */
  loadedAt: Date;
}

const bi = (en: string, es: string | null | undefined): Bi => ({ en, es: es && es.trim() ? es : en });
const EVENT_HORIZON_DAYS = 90;
const RECENT_SERMONS = 8;
const TTL_MS = 60_000;

/** Reads everything the assistant answers from, straight from the church's tables. */
export async function loadAssistantKnowledge(db: AppDatabase, now = new Date()): Promise<AssistantKnowledge> {
  // Before the church is configured its facts are blank, as on the pages (get-church-profile.server.ts).
  const settings = (await readChurchSettings(db)) ?? (await blankSettings());
  const [times, leaderRows, sermonRows, groupRows, fundRows, faqRows, occurrences] = await Promise.all([
    db.select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id)),
    db
      .select({ name: leaders.name, roleEn: leaders.roleEn, roleEs: leaders.roleEs })
      .from(leaders)
      .orderBy(asc(leaders.sortOrder), asc(leaders.id)),
    db
      .select()
      .from(sermons)
      .where(eq(sermons.status, "published"))
      .orderBy(desc(sermons.preachedOn), desc(sermons.id))
      .limit(RECENT_SERMONS),
    db.select().from(studyGroups).where(eq(studyGroups.status, "active")).orderBy(asc(studyGroups.dayOfWeek), asc(studyGroups.startTime)),
    db.select().from(givingFunds).where(eq(givingFunds.active, true)).orderBy(asc(givingFunds.sortOrder), asc(givingFunds.id)),
    db
      .select()
      .from(faqItems)
      .where(and(eq(faqItems.active, true)))
      .orderBy(asc(faqItems.sortOrder), asc(faqItems.id)),
    listEventOccurrences({
      db,
      timeZone: settings.timeZone,
      from: now,
      to: new Date(now.getTime() + EVENT_HORIZON_DAYS * 86_400_000),
      includeCancelled: false,
    }),
  ]);
  const seen = new Set<number>();
  const events: AssistantKnowledge["events"] = [];
  for (const { event, occurrence } of occurrences) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    events.push({
      title: bi(event.titleEn, event.titleEs),
      description: bi(event.descriptionEn, event.descriptionEs),
      start: occurrence.start,
      location: event.locationName,
      href: `/events/${event.slug}`,
    });
  }
  return {
    church: {
      name: bi(settings.nameEn, settings.nameEs),
      address: [settings.streetAddress, settings.city, [settings.region, settings.postalCode].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", "),
      phone: settings.phone,
      phoneDisplay: settings.phoneDisplay,
      email: settings.email,
      timeZone: settings.timeZone,
      directionsUrl: settings.directionsUrl,
      textToGive:
        settings.givingTextNumber && settings.givingTextKeyword
          ? { number: settings.givingTextNumber, keyword: settings.givingTextKeyword }
          : null,
    },
    services: times.map((t) => ({ name: bi(t.nameEn, t.nameEs), dayOfWeek: t.dayOfWeek, startTime: t.startTime })),
    leaders: leaderRows.map((l) => ({ name: l.name, role: bi(l.roleEn, l.roleEs) })),
    events,
    sermons: sermonRows.map((s) => ({
      title: bi(s.titleEn, s.titleEs),
      summary: bi(s.summaryEn, s.summaryEs),
      speaker: s.speaker,
      scripture: s.scripture,
      preachedOn: String(s.preachedOn),
      href: `/sermons/${s.slug}`,
    })),
    groups: groupRows.map((g) => ({
      name: bi(g.nameEn, g.nameEs),
      description: bi(g.descriptionEn, g.descriptionEs),
      dayOfWeek: g.dayOfWeek,
      startTime: g.startTime,
      mode: g.meetingMode,
      language: g.language,
      href: `/community/groups/${g.slug}`,
    })),
    funds: fundRows.map((f) => ({ name: bi(f.name, f.nameEs), description: bi(f.description, f.descriptionEs) })),
    faq: faqRows.map((f) => ({ id: f.id, question: bi(f.questionEn, f.questionEs), answer: bi(f.answerEn, f.answerEs), href: f.href })),
    loadedAt: now,
  };
}

/** The settings of a church not configured yet: "Our church" / "Nuestra iglesia" and no facts. */
async function blankSettings() {
  const [en, es] = await Promise.all([loadTranslation("en"), loadTranslation("es")]);
  return {
    nameEn: en.common.unnamedChurch,
    nameEs: es.common.unnamedChurch,
    streetAddress: "",
    city: "",
    region: "",
    postalCode: "",
    phone: "",
    phoneDisplay: "",
    email: null,
    timeZone: "America/Chicago",
    directionsUrl: null,
    givingTextNumber: null,
    givingTextKeyword: null,
  };
}

let cached: { version: string; at: number; knowledge: AssistantKnowledge; db: AppDatabase } | null = null;

/**
 * The knowledge, cached for a minute in memory and read again at once when the content
 * version changes (every content edit bumps it, the assistant FAQ included).
 */
export async function getAssistantKnowledge(db: AppDatabase, now = new Date()): Promise<AssistantKnowledge> {
  const version = await readContentVersion(db);
  if (cached && cached.db === db && cached.version === version && Math.abs(now.getTime() - cached.at) < TTL_MS) return cached.knowledge;
  const knowledge = await loadAssistantKnowledge(db, now);
  cached = { version, at: now.getTime(), knowledge, db };
  return knowledge;
}

/** Tests and benches: forget the cached knowledge. */
export function clearAssistantKnowledgeCache(): void {
  cached = null;
}
