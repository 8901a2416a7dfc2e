import { and, asc, eq } from "drizzle-orm";
import { eventRegistrations, events } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { hashCancelToken, queueRegistrationEmail, seatsTaken } from "./register-for-event.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;

export type CancelResult = { ok: true; eventId: number; promoted: number } | { ok: false; error: "notFound" | "alreadyCancelled" };

/** The registration a cancel link points to, with its event. */
export async function findRegistrationByToken(
  db: AppDatabase,
  token: string,
): Promise<{ registration: RegistrationRow; event: EventRow } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.cancelTokenHash, hashCancelToken(token)));
  return row ?? null;
}

/**
 * Cancels a registration — a member's own (by id and user id) or a guest's (by the token of
 * the emailed link) — and, in the same transaction, promotes waitlisted parties in the order
 * they registered, each one that fits the places now free, emailing each one promoted.
 */
export async function cancelRegistration(
  o: { db: AppDatabase; siteUrl: string; now?: Date } & ({ registrationId: string; userId: string } | { token: string }),
): Promise<CancelResult> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx): Promise<CancelResult> => {
    const db = tx as unknown as AppDatabase;
    const found =
      "token" in o
        ? await findRegistrationByToken(db, o.token)
        : (
            await db
              .select({ registration: eventRegistrations, event: events })
              .from(eventRegistrations)
              .innerJoin(events, eq(events.id, eventRegistrations.eventId))
              .where(and(eq(eventRegistrations.id, o.registrationId), eq(eventRegistrations.userId, o.userId)))
          )[0];
    if (!found) return { ok: false, error: "notFound" };
    // The event row is the lock every registration change for this event takes.
    const [event] = await tx.select().from(events).where(eq(events.id, found.event.id)).for("update");
    if (!event) return { ok: false, error: "notFound" };
    const [cancelled] = await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(and(eq(eventRegistrations.id, found.registration.id), eq(eventRegistrations.status, found.registration.status)))
      .returning({ id: eventRegistrations.id });
    if (!cancelled || found.registration.status === "cancelled") return { ok: false, error: "alreadyCancelled" };
    const promoted = await promoteWaitlisted(db, { event, occurrenceStart: found.registration.occurrenceStart, siteUrl: o.siteUrl, now });
    return { ok: true, eventId: event.id, promoted };
  });
  if (result.ok) kickOutbox();
  return result;
}

/**
 * Promotes waitlisted parties of one occurrence, oldest first, each that fits the free places
 * (a large party that does not fit keeps its place in line while smaller ones behind it go
 * in). Call inside a transaction that holds the event row's lock; emails each promoted party.
 */
export async function promoteWaitlisted(
  db: AppDatabase,
  o: { event: EventRow; occurrenceStart: Date; siteUrl: string; now: Date },
): Promise<number> {
  if (o.event.status !== "published" || o.occurrenceStart.getTime() <= o.now.getTime()) return 0;
  const waiting = await db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, o.event.id),
        eq(eventRegistrations.occurrenceStart, o.occurrenceStart),
        eq(eventRegistrations.status, "waitlisted"),
      ),
    )
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  if (waiting.length === 0) return 0;
  let free =
    o.event.capacity == null
      ? Number.POSITIVE_INFINITY
      : o.event.capacity - (await seatsTaken(db, o.event.id, o.occurrenceStart)).confirmed;
  if (free <= 0) return 0;
  const settings = await readChurchSettings(db);
  let promoted = 0;
  for (const registration of waiting) {
    if (registration.partySize > free) continue;
    await db
      .update(eventRegistrations)
      .set({ status: "confirmed", promotedAt: o.now, updatedAt: o.now })
      .where(eq(eventRegistrations.id, registration.id));
    free -= registration.partySize;
    promoted++;
    await queueRegistrationEmail(db, {
      kind: "promoted",
      event: o.event,
      registration,
      siteUrl: o.siteUrl,
      settings,
    });
    if (free <= 0) break;
  }
  return promoted;
}
