import { eq } from "drizzle-orm";
import { meetingRequests } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { MeetingErrorKey } from "./meetings-input";
import type { AuditAction } from "~/lib/audit-actions";

export type MeetingOutcome = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; key: MeetingErrorKey; field?: string };
export type MeetingActor = Pick<AdminIdentity, "userId" | "name">;
type Row = Pick<typeof meetingRequests.$inferSelect, "status" | "assigneeUserId" | "staffNotes">;
type Changes = Partial<Row>;

/**
 * Applies one change to a meeting request (row locked), with its audit entry (`action`,
 * before → after of the changed fields) in the same transaction. `check` may refuse inside it.
 */
export async function changeMeeting(options: {
  db: AppDatabase;
  actor: MeetingActor;
  ip: string;
  id: string;
  action: AuditAction;
  changes: Changes;
  check?: (tx: AppDatabase, row: Row) => Promise<MeetingOutcome | null> | MeetingOutcome | null;
}): Promise<MeetingOutcome> {
  const { id, changes } = options;
  return options.db.transaction(async (tx) => {
    const audited = tx as unknown as AppDatabase;
    const [row] = await tx
      .select({ status: meetingRequests.status, assigneeUserId: meetingRequests.assigneeUserId, staffNotes: meetingRequests.staffNotes })
      .from(meetingRequests)
      .where(eq(meetingRequests.id, id))
      .for("update")
      .limit(1);
    if (!row) return { ok: false, status: 404, key: "admin.errors.notFound" } as const;
    const refused = options.check ? await options.check(audited, row) : null;
    if (refused) return refused;
    const fields = Object.keys(changes) as (keyof Changes)[];
    const before = Object.fromEntries(fields.map((field) => [field, row[field]]));
    await tx
      .update(meetingRequests)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(meetingRequests.id, id));
    await recordAudit({
      db: audited,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: options.action, entityType: "meeting_request", entityId: id, before, after: changes },
    });
    return { ok: true, id } as const;
  });
}
