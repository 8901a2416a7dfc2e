import type { AppDatabase } from "~/server/db.server";
import { changeMeeting, type MeetingActor, type MeetingOutcome } from "./change-meeting.server";
import { listMeetingStaff } from "./list-meeting-staff.server";
import { ZAssignMeeting } from "./meetings-input";

/** Assigns a request to an administrator who holds the meetings scope, or to nobody (`meeting.assign`). */
export async function assignMeeting(options: {
  db: AppDatabase;
  actor: MeetingActor;
  ip: string;
  input: Record<string, unknown>;
}): Promise<MeetingOutcome> {
  const parsed = ZAssignMeeting.safeParse(options.input);
  if (!parsed.success) return { ok: false, status: 400, key: "admin.errors.invalidRequest" };
  const assigneeUserId = parsed.data.assigneeUserId.trim() || null;
  return changeMeeting({
    ...options,
    id: parsed.data.id,
    action: "meeting.assign",
    changes: { assigneeUserId },
    check: async (tx) => {
      if (!assigneeUserId) return null;
      const staff = await listMeetingStaff(tx);
      return staff.some((s) => s.userId === assigneeUserId)
        ? null
        : { ok: false, status: 400, key: "admin.errors.invalidAssignee", field: "assigneeUserId" };
    },
  });
}
