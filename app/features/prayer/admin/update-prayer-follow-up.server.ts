import { z } from "zod";
import type { AppDatabase } from "~/server/db.server";
import { MAX_NOTES } from "~/features/prayer/prayer-views";
import { changePrayerRequest, type PrayerActor } from "./change-prayer-request.server";
import { prayerAssignees } from "./load-prayer-inbox.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";

const ZFollowUp = z.object({
  id: z.uuid(),
  inboxStatus: z.enum(["new", "in_progress", "closed"]),
  assigneeUserId: z.string().trim().max(200).optional().default(""),
  staffNotes: z.string().max(MAX_NOTES, "notes").optional().default(""),
});

/** The pastoral follow-up of a request: inbox status, assignee (an admin with the scope) and notes. */
export async function updatePrayerFollowUp(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  input: Record<string, unknown>;
}): Promise<PrayerAdminOutcome> {
  const parsed = ZFollowUp.safeParse(o.input);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "staffNotes"))
      return { ok: false, status: 400, key: "admin.errors.notesTooLong", values: { max: MAX_NOTES }, field: "staffNotes" };
    return { ok: false, status: 400, key: "admin.errors.invalidRequest" };
  }
  const assigneeUserId = parsed.data.assigneeUserId || null;
  if (assigneeUserId && !(await prayerAssignees(o.db)).some((a) => a.userId === assigneeUserId)) {
    return { ok: false, status: 400, key: "admin.errors.invalidAssignee", field: "assigneeUserId" };
  }
  return changePrayerRequest({
    ...o,
    id: parsed.data.id,
    action: "prayer.follow-up",
    changes: { inboxStatus: parsed.data.inboxStatus, assigneeUserId, staffNotes: parsed.data.staffNotes },
  });
}
