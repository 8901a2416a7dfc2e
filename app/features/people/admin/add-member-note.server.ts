import { eq } from "drizzle-orm";
import { memberNotes, profiles } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { ZAddMemberNote } from "./members-input";
import type { MembersOutcome } from "./update-membership.server";

/** Staff add a note on a member (never shown to the member); audited as `member.note.add`. */
export async function addMemberNote(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<MembersOutcome> {
  const parsed = ZAddMemberNote.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === "body") return { ok: false, status: 400, key: "members.errors.noteLength", field: "body" };
    return { ok: false, status: 400, key: "members.errors.invalidRequest" };
  }
  const { memberId, body } = parsed.data;
  return options.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId)).limit(1);
    if (!member) return { ok: false, status: 404, key: "members.errors.notFound" } as const;
    const [note] = await tx
      .insert(memberNotes)
      .values({ memberId, authorUserId: options.actor.userId, authorName: options.actor.name, body })
      .returning({ id: memberNotes.id });
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: "member.note.add", entityType: "member", entityId: memberId, before: null, after: { noteId: note!.id, body } },
    });
    return { ok: true, memberId } as const;
  });
}
