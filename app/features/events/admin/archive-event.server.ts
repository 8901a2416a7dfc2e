import { and, count, eq, sum } from "drizzle-orm";
import { eventRegistrations, events, fundraiserArchive } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { expandOccurrences, localDateOf } from "~/features/events/occurrences.server";
import type { AppDatabase } from "~/server/db.server";

export type ArchiveEventResult = { ok: true; id: number } | { ok: false; status: 404 | 409; reason: "eventNotFound" | "notPast" };

/**
 * Archives a past event: a new entry with its English title, its (last past) local date,
 * and its registration totals: confirmed registrations and the people they bring.
 * Audited as `fundraiser.archive-event`.
 */
export async function archiveEvent(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  eventId: number;
  now?: Date;
}): Promise<ArchiveEventResult> {
  const { db, actor, ip, eventId } = options;
  const now = options.now ?? new Date();
  const timeZone = await churchTimeZone(db);
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
    if (!event) return { ok: false, status: 404, reason: "eventNotFound" } as const;
    if (event.startsAt >= now) return { ok: false, status: 409, reason: "notPast" } as const;
    let heldOn = localDateOf(event.startsAt, timeZone);
    if (event.recurrence) {
      const past = expandOccurrences(event, timeZone, { from: event.startsAt, to: now });
      heldOn = past.at(-1)?.localDate ?? heldOn;
    }
    const [totals] = await tx
      .select({ registrations: count(), attendees: sum(eventRegistrations.partySize) })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "confirmed")));
    const values = {
      eventId,
      title: event.titleEn,
      heldOn,
      registrations: Number(totals?.registrations ?? 0),
      attendees: Number(totals?.attendees ?? 0),
    };
    const [created] = await tx.insert(fundraiserArchive).values(values).returning({ id: fundraiserArchive.id });
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor,
      ipAddress: ip,
      entry: { action: "fundraiser.archive-event", entityType: "fundraiser", entityId: String(created!.id), after: values },
    });
    return { ok: true, id: created!.id } as const;
  });
}
