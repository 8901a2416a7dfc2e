import { and, eq } from "drizzle-orm";
import { groupMembers, studyGroups } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import type { GroupActor } from "./group-actor";
import { queueDecisionEmail } from "./group-emails.server";
import { activeMemberCounts, isGroupLeader } from "./group-people.server";
import type { MembershipResult } from "./membership-result";

/**
 * Accepts or declines a pending request. The group row is locked first, so concurrent
 * accepts are counted one after another and never fill the group past its capacity. A
 * leader may decide only for a group they lead. The member is emailed in their language;
 * the decision is audit-logged with the change.
 */
export async function decideJoinRequest(o: {
  db: AppDatabase;
  actor: GroupActor;
  groupId: number;
  memberId: string;
  decision: "accept" | "decline";
  siteUrl: string;
  now?: Date;
}): Promise<MembershipResult> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx): Promise<MembershipResult> => {
    const db = tx as unknown as AppDatabase;
    const [group] = await tx.select().from(studyGroups).where(eq(studyGroups.id, o.groupId)).for("update");
    if (!group) return { ok: false, error: "notFound" };
    if (o.actor.kind === "leader" && !(await isGroupLeader(db, group.id, o.actor.userId))) return { ok: false, error: "forbidden" };
    const [request] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.id, o.memberId), eq(groupMembers.groupId, group.id)));
    if (!request) return { ok: false, error: "notFound" };
    if (request.status !== "pending") return { ok: false, error: "notPending" };
    if (
      o.decision === "accept" &&
      group.capacity != null &&
      ((await activeMemberCounts(db, [group.id])).get(group.id) ?? 0) >= group.capacity
    ) {
      return { ok: false, error: "full" };
    }
    const status = o.decision === "accept" ? "active" : "declined";
    await tx
      .update(groupMembers)
      .set({ status, decidedBy: o.actor.userId, decidedAt: now, updatedAt: now })
      .where(eq(groupMembers.id, request.id));
    await recordAudit({
      db,
      actor: { userId: o.actor.userId, name: o.actor.name },
      ipAddress: o.actor.ip,
      entry: {
        action: o.decision === "accept" ? "group.request.accept" : "group.request.decline",
        entityType: "study_group",
        entityId: String(group.id),
        before: { memberId: request.id, userId: request.userId, status: request.status },
        after: { memberId: request.id, userId: request.userId, status, by: o.actor.kind },
      },
    });
    await queueDecisionEmail(db, {
      group,
      userId: request.userId,
      decision: o.decision === "accept" ? "accepted" : "declined",
      siteUrl: o.siteUrl,
    });
    return { ok: true };
  });
  if (result.ok) kickOutbox();
  return result;
}
