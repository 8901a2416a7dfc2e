import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { eventRegistrations, events, signupInbox } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import { kickOutbox } from "~/server/messaging.server";
import type { Language } from "~/i18n/config";
import { formatOccurrence, registrationEmail, type RegistrationEmailKind } from "./event-emails";
import { occurrenceStartingAt } from "./occurrences.server";
import { validateAnswers, type AnswerError } from "./registration-answers";
import { readChurchSettings, type ChurchSettings } from "~/platform/church/church-settings.server";

export type RegisterError =
  "notFound" | "closed" | "past" | "guestsNotAllowed" | "partySize" | "alreadyRegistered" | "invalidAnswers" | "invalidOccurrence";

export type RegisterResult =
  | { ok: true; registrationId: string; status: "confirmed" | "waitlisted" }
  | { ok: false; error: RegisterError; fieldErrors?: Record<string, AnswerError> };

type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;

/** The token of an emailed cancel link and the hash stored for it. */
export function newCancelToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashCancelToken(token) };
}

export function hashCancelToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function cancelUrl(siteUrl: string, token: string): string {
  return new URL(`/events/registration?token=${encodeURIComponent(token)}`, siteUrl).toString();
}

/** People holding places (confirmed) and waiting (waitlisted) for one occurrence. */
export async function seatsTaken(
  db: AppDatabase,
  eventId: number,
  occurrenceStart: Date,
): Promise<{ confirmed: number; waitlisted: number }> {
  const [row] = await db
    .select({
      confirmed: sql<number>`coalesce(sum(${eventRegistrations.partySize}) filter (where ${eventRegistrations.status} = 'confirmed'), 0)::int`,
      waitlisted: sql<number>`coalesce(sum(${eventRegistrations.partySize}) filter (where ${eventRegistrations.status} = 'waitlisted'), 0)::int`,
    })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.occurrenceStart, occurrenceStart)));
  return { confirmed: Number(row?.confirmed ?? 0), waitlisted: Number(row?.waitlisted ?? 0) };
}

/**
 * Registers a member or a guest for one occurrence of an event. The event row is locked for
 * the transaction, so parallel registrations are counted one after another: the confirmed
 * party sizes never exceed the capacity, and whoever does not fit is waitlisted. The
 * confirmation (or waitlist) email is queued in the same transaction.
 */
export async function registerForEvent(o: {
  db: AppDatabase;
  eventId: number;
  occurrenceStart: Date;
  person: { userId: string | null; name: string; email: string; language: Language };
  partySize: number;
  answers: Record<string, unknown>;
  siteUrl: string;
  now?: Date;
}): Promise<RegisterResult> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx): Promise<RegisterResult> => {
    const [event] = await tx.select().from(events).where(eq(events.id, o.eventId)).for("update");
    if (!event || event.status === "draft") return { ok: false, error: "notFound" };
    if (event.status === "cancelled" || !event.rsvpEnabled) return { ok: false, error: "closed" };
    if (!o.person.userId && !event.guestRegistration) return { ok: false, error: "guestsNotAllowed" };
    const settings = await readChurchSettings(tx);
    const timeZone = settings?.timeZone ?? "UTC";
    const occurrence = occurrenceStartingAt(event, timeZone, o.occurrenceStart);
    if (!occurrence) return { ok: false, error: "invalidOccurrence" };
    if (occurrence.start.getTime() <= now.getTime()) return { ok: false, error: "past" };
    if (!Number.isInteger(o.partySize) || o.partySize < 1 || o.partySize > event.maxPartySize) {
      return { ok: false, error: "partySize" };
    }
    const checked = validateAnswers(event.registrationQuestions, o.answers);
    if (!checked.ok) return { ok: false, error: "invalidAnswers", fieldErrors: checked.fieldErrors };

    const email = o.person.email.trim().toLowerCase();
    const [existing] = await tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.occurrenceStart, occurrence.start),
          sql`lower(${eventRegistrations.email}) = ${email}`,
          sql`${eventRegistrations.status} <> 'cancelled'`,
        ),
      );
    if (existing) return { ok: false, error: "alreadyRegistered" };

    const taken = await seatsTaken(tx as unknown as AppDatabase, event.id, occurrence.start);
    // Waitlisted parties that fit are promoted whenever places open, so whoever waits now needs
    // more places than are free: a party that fits takes them.
    const fits = event.capacity == null || taken.confirmed + o.partySize <= event.capacity;
    const status = fits ? "confirmed" : "waitlisted";
    const { token, hash } = newCancelToken();
    const [row] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        occurrenceStart: occurrence.start,
        userId: o.person.userId,
        name: o.person.name.trim(),
        email,
        language: o.person.language,
        partySize: o.partySize,
        status,
        answers: checked.answers,
        cancelTokenHash: hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("The registration insert returned no row");
    if (event.needsFollowUp) {
      await tx.insert(signupInbox).values({
        kind: "event",
        eventId: event.id,
        registrationId: row.id,
        name: row.name,
        email: row.email,
        summary: `${event.titleEn} — ${occurrence.localDate} — ${row.partySize} × ${status}`,
      });
    }
    await queueRegistrationEmail(tx as unknown as AppDatabase, {
      kind: status,
      event,
      registration: row,
      token,
      siteUrl: o.siteUrl,
      settings,
    });
    return { ok: true, registrationId: row.id, status };
  });
  if (result.ok) kickOutbox();
  return result;
}

/** Queues one registration email in the registrant's language, with a fresh cancel link. */
export async function queueRegistrationEmail(
  db: AppDatabase,
  o: {
    kind: RegistrationEmailKind;
    event: EventRow;
    registration: RegistrationRow;
    /** The cancel token; when absent a new one replaces the stored hash (only its hash is kept). */
    token?: string;
    siteUrl: string;
    settings: ChurchSettings | null;
  },
): Promise<void> {
  let token = o.token;
  if (!token) {
    const fresh = newCancelToken();
    token = fresh.token;
    await db.update(eventRegistrations).set({ cancelTokenHash: fresh.hash }).where(eq(eventRegistrations.id, o.registration.id));
  }
  const language = o.registration.language;
  const title = (language === "es" ? o.event.titleEs : null) || o.event.titleEn;
  const where = [o.event.locationName, o.event.address].filter(Boolean).join(", ") || null;
  const content = registrationEmail({
    kind: o.kind,
    language,
    churchName: (language === "es" ? o.settings?.nameEs : null) || (o.settings?.nameEn ?? ""),
    siteUrl: o.siteUrl,
    name: o.registration.name,
    eventTitle: title,
    when: formatOccurrence(o.registration.occurrenceStart, language, o.settings?.timeZone ?? "UTC"),
    where,
    partySize: o.registration.partySize,
    cancelUrl: cancelUrl(o.siteUrl, token),
  });
  await enqueueEmail(db, { to: o.registration.email, ...content });
}
