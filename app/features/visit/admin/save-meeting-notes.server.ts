import type { AppDatabase } from "~/server/db.server";
import { changeMeeting, type MeetingActor, type MeetingOutcome } from "./change-meeting.server";
import { ZSaveMeetingNotes } from "./meetings-input";

/** Replaces a request's staff notes (`meeting.notes.update`). */
export async function saveMeetingNotes(options: {
  db: AppDatabase;
  actor: MeetingActor;
  ip: string;
  input: Record<string, unknown>;
}): Promise<MeetingOutcome> {
  const parsed = ZSaveMeetingNotes.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "notes" ? "notes" : undefined;
    return { ok: false, status: 400, key: field ? "admin.errors.notesTooLong" : "admin.errors.invalidRequest", field };
  }
  return changeMeeting({ ...options, id: parsed.data.id, action: "meeting.notes.update", changes: { staffNotes: parsed.data.notes } });
}
