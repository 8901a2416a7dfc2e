import type { AppDatabase } from "~/server/db.server";
import { changeMeeting, type MeetingActor, type MeetingOutcome } from "./change-meeting.server";
import { MEETING_TRANSITIONS, ZSetMeetingStatus } from "./meetings-input";

/** Moves a request along its workflow (`meeting.status.update`); other moves are refused with 409. */
export async function setMeetingStatus(options: {
  db: AppDatabase;
  actor: MeetingActor;
  ip: string;
  input: Record<string, unknown>;
}): Promise<MeetingOutcome> {
  const parsed = ZSetMeetingStatus.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "status" ? "status" : undefined;
    return { ok: false, status: 400, key: field ? "admin.errors.invalidStatus" : "admin.errors.invalidRequest", field };
  }
  const { id, status } = parsed.data;
  return changeMeeting({
    ...options,
    id,
    action: "meeting.status.update",
    changes: { status },
    check: (_tx, row) =>
      row.status === status || MEETING_TRANSITIONS[row.status].includes(status)
        ? null
        : { ok: false, status: 409, key: "admin.errors.invalidTransition", field: "status" },
  });
}
