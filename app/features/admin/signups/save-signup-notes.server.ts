import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import { changeSignup, type SignupOutcome } from "./change-signup.server";
import { ZSaveNotes } from "./signups-input";

/** Replaces a sign-up's staff notes (`signup.notes.update`). */
export async function saveSignupNotes(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<SignupOutcome> {
  const parsed = ZSaveNotes.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "notes" ? "notes" : undefined;
    return { ok: false, status: 400, key: field ? "signups.errors.notesTooLong" : "signups.errors.invalidRequest", field };
  }
  return changeSignup({ ...options, id: parsed.data.id, action: "signup.notes.update", changes: { notes: parsed.data.notes } });
}
