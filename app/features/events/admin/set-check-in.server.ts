import { and, eq } from "drizzle-orm";
import { eventRegistrations } from "~/db/schema";
import type { AdminMessageKey } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { ZCheckIn } from "./registrations-input";

export type CheckInOutcome =
  { ok: true; eventId: number; occurrence: string; registrationId: string } | { ok: false; status: 400 | 404 | 409; key: AdminMessageKey };

/**
 * Checks a confirmed registration in at the door, or undoes it. The change and its audit
 * entry (`registration.check-in` / `registration.check-in.undo`) commit together.
 */
export async function setCheckIn(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<CheckInOutcome> {
  const parsed = ZCheckIn.safeParse(options.input);
  if (!parsed.success) return { ok: false, status: 400, key: "registrations.errors.invalidRequest" };
  const { intent, registrationId } = parsed.data;
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        eventId: eventRegistrations.eventId,
        occurrenceStart: eventRegistrations.occurrenceStart,
        status: eventRegistrations.status,
        checkedInAt: eventRegistrations.checkedInAt,
      })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registrationId))
      .for("update")
      .limit(1);
    if (!before) return { ok: false, status: 404, key: "registrations.errors.notFound" } as const;
    if (intent === "check-in" && before.status !== "confirmed")
      return { ok: false, status: 409, key: "registrations.errors.notConfirmed" } as const;
    const checkedInAt = intent === "check-in" ? (before.checkedInAt ?? new Date()) : null;
    await tx
      .update(eventRegistrations)
      .set({ checkedInAt, updatedAt: new Date() })
      .where(and(eq(eventRegistrations.id, registrationId)));
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: intent === "check-in" ? "registration.check-in" : "registration.check-in.undo",
        entityType: "event_registration",
        entityId: registrationId,
        before: { checkedInAt: before.checkedInAt ? before.checkedInAt.toISOString() : null },
        after: { checkedInAt: checkedInAt ? checkedInAt.toISOString() : null },
      },
    });
    return { ok: true, eventId: before.eventId, occurrence: before.occurrenceStart.toISOString(), registrationId } as const;
  });
}
