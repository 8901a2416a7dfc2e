import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import { eventRegistrations, events, type RegistrationQuestion } from "~/db/schema";
import { escapeLike } from "~/lib/escape-like";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export interface RegistrationAnswer {
  questionId: string;
  label: string;
  value: string;
}

export interface RegistrationRow {
  id: string;
  name: string;
  email: string;
  language: "en" | "es";
  partySize: number;
  status: "confirmed" | "waitlisted" | "cancelled";
  answers: RegistrationAnswer[];
  checkedInAt: string | null;
  createdAt: string;
}

export type EventForRegistrations = typeof events.$inferSelect;

/** A question's label in the admin's language (English when there is no Spanish). */
export function questionLabel(question: RegistrationQuestion, language: Language): string {
  return (language === "es" ? question.labelEs : null) || question.labelEn;
}

/** An answer as the admin reads it: a choice in the admin's language, anything else as given. */
function answerText(question: RegistrationQuestion, value: string | number | undefined, language: Language): string {
  if (value === undefined || value === null) return "";
  const text = String(value);
  if (question.kind === "choice" && language === "es") {
    const option = question.options?.find((o) => o.en === text);
    if (option?.es) return option.es;
  }
  return text;
}

export function answersOf(
  questions: readonly RegistrationQuestion[],
  answers: Record<string, string | number>,
  language: Language,
): RegistrationAnswer[] {
  return questions.map((question) => ({
    questionId: question.id,
    label: questionLabel(question, language),
    value: answerText(question, answers[question.id], language),
  }));
}

export async function loadEvent(db: AppDatabase, eventId: number): Promise<EventForRegistrations | null> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row ?? null;
}

/** Every registration of one occurrence (optionally matching a name/email search), oldest first. */
export async function listRegistrations(options: {
  db: AppDatabase;
  event: EventForRegistrations;
  occurrence: Date;
  language: Language;
  q?: string;
}): Promise<RegistrationRow[]> {
  const { db, event, occurrence, language } = options;
  const conditions: SQL[] = [eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.occurrenceStart, occurrence)];
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    conditions.push(or(ilike(eventRegistrations.name, pattern), ilike(eventRegistrations.email, pattern))!);
  }
  const rows = await db
    .select()
    .from(eventRegistrations)
    .where(and(...conditions))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
    partySize: row.partySize,
    status: row.status,
    answers: answersOf(event.registrationQuestions ?? [], row.answers ?? {}, language),
    checkedInAt: row.checkedInAt ? row.checkedInAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export interface RegistrationTotals {
  confirmedPeople: number;
  confirmedRegistrations: number;
  capacity: number | null;
  waitlistRegistrations: number;
  waitlistPeople: number;
  checkedInPeople: number;
  checkedInRegistrations: number;
  cancelledRegistrations: number;
}

export function totalsOf(rows: readonly RegistrationRow[], capacity: number | null): RegistrationTotals {
  const confirmed = rows.filter((r) => r.status === "confirmed");
  const waitlisted = rows.filter((r) => r.status === "waitlisted");
  const checkedIn = confirmed.filter((r) => r.checkedInAt);
  const people = (list: readonly RegistrationRow[]) => list.reduce((sum, r) => sum + r.partySize, 0);
  return {
    confirmedPeople: people(confirmed),
    confirmedRegistrations: confirmed.length,
    capacity,
    waitlistRegistrations: waitlisted.length,
    waitlistPeople: people(waitlisted),
    checkedInPeople: people(checkedIn),
    checkedInRegistrations: checkedIn.length,
    cancelledRegistrations: rows.filter((r) => r.status === "cancelled").length,
  };
}
