import { and, eq } from "drizzle-orm";
import { groupMembers, studyGroups } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { GroupActor } from "./group-actor";
import { isGroupLeader } from "./group-people.server";
import type { MembershipResult } from "./membership-result";

/**
 * Takes a member out of a group (status `removed`: they may ask again after 30 days). A
 * leader may remove members of a group they lead, not other leaders (an administrator
 * removes leaders in the admin section).
 */
export async function removeGroupMember(o: {
  db: AppDatabase;
  actor: GroupActor;
  groupId: number;
  memberId: string;
  now?: Date;
}): Promise<MembershipResult> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx): Promise<MembershipResult> => {
    const db = tx as unknown as AppDatabase;
    const [group] = await tx.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.id, o.groupId)).for("update");
    if (!group) return { ok: false, error: "notFound" };
    if (o.actor.kind === "leader" && !(await isGroupLeader(db, group.id, o.actor.userId))) return { ok: false, error: "forbidden" };
    const [row] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.id, o.memberId), eq(groupMembers.groupId, group.id)));
    if (!row) return { ok: false, error: "notFound" };
    if (row.status !== "active") return { ok: false, error: "notMember" };
    if (row.role === "leader") return { ok: false, error: "leaderCannotBeRemoved" };
    await tx
      .update(groupMembers)
      .set({ status: "removed", decidedBy: o.actor.userId, decidedAt: now, updatedAt: now })
      .where(eq(groupMembers.id, row.id));
    await recordAudit({
      db,
      actor: { userId: o.actor.userId, name: o.actor.name },
      ipAddress: o.actor.ip,
      entry: {
        action: "group.member.remove",
        entityType: "study_group",
        entityId: String(group.id),
        before: { memberId: row.id, userId: row.userId, status: row.status },
        after: { memberId: row.id, userId: row.userId, status: "removed", by: o.actor.kind },
      },
    });
    return { ok: true };
  });
}
