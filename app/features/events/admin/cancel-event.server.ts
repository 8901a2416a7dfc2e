import { and, eq, inArray } from "drizzle-orm";
import { eventRegistrations, events } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { localize } from "~/i18n/localize";
import type { AppDatabase } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import { kickOutbox } from "~/server/messaging.server";
import { eventCancelledEmail } from "./event-cancelled-email";
import { readChurchSettings } from "~/platform/church/church-settings.server";

export type CancelEventResult = { ok: true; changed: boolean; notified: number } | { ok: false; status: 400 | 404 };

/**
 * Cancels an event: status `cancelled` with the time, and an email through the outbox to
 * everyone still registered (confirmed or waitlisted) for an occurrence that has not ended,
 * each in the language they registered in; with an audit entry and a new content version,
 * in one transaction. The outbox worker is woken after the commit.
 */
export async function cancelEvent(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  eventId: number | null;
  timeZone: string;
  siteUrl: string;
  now?: Date;
}): Promise<CancelEventResult> {
  const { eventId } = options;
  if (eventId === null) return { ok: false, status: 400 };
  const now = options.now ?? new Date();
  const result = await options.db.transaction(async (tx) => {
    const t = tx as unknown as AppDatabase;
    const [event] = await t.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return { ok: false, status: 404 } as const;
    if (event.status === "cancelled") return { ok: true, changed: false, notified: 0 } as const;
    await t.update(events).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(eq(events.id, eventId));

    const church = await readChurchSettings(t);
    const durationMs = event.endsAt ? Math.max(0, event.endsAt.getTime() - event.startsAt.getTime()) : 0;
    const registrants = await t
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ["confirmed", "waitlisted"])));
    let notified = 0;
    for (const r of registrants) {
      if (r.occurrenceStart.getTime() + durationMs < now.getTime()) continue;
      const language = r.language === "es" ? "es" : "en";
      const email = eventCancelledEmail({
        language,
        churchName: localize(language, church?.nameEn ?? "", church?.nameEs),
        siteUrl: options.siteUrl,
        name: r.name,
        title: localize(language, event.titleEn, event.titleEs),
        occurrenceStart: r.occurrenceStart,
        timeZone: options.timeZone,
      });
      await enqueueEmail(t, { to: r.email, ...email });
      notified++;
    }
    await recordAudit({
      db: t,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "event.cancel",
        entityType: "event",
        entityId: String(eventId),
        before: { status: event.status },
        after: { status: "cancelled", notified },
      },
    });
    await bumpContentVersion(t);
    return { ok: true, changed: true, notified } as const;
  });
  if (result.ok && result.notified > 0) kickOutbox();
  return result;
}
