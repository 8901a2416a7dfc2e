import { and, eq } from "drizzle-orm";
import { groupMembers, studyGroups } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { queueJoinRequestEmails } from "./group-emails.server";
import { activeMemberCounts, type GroupMemberRow } from "./group-people.server";
import { REQUEST_AGAIN_AFTER_DAYS } from "./group-views";
import type { MembershipResult } from "./membership-result";

const DAY_MS = 86_400_000;

/** When a declined or removed member may ask again; null when they may ask now. */
export function requestAgainFrom(row: Pick<GroupMemberRow, "status" | "decidedAt" | "updatedAt">, now: Date): Date | null {
  if (row.status !== "declined" && row.status !== "removed") return null;
  const from = new Date((row.decidedAt ?? row.updatedAt).getTime() + REQUEST_AGAIN_AFTER_DAYS * DAY_MS);
  return from.getTime() > now.getTime() ? from : null;
}

/**
 * A member asks to join a group: a `pending` row (one per member and group, reused when
 * they ask again after leaving, or 30 days after a decline). The group row is locked so the
 * "full" check and the request agree with a concurrent accept. The group's leaders are
 * emailed in the same transaction.
 */
export async function requestToJoin(o: {
  db: AppDatabase;
  groupId: number;
  userId: string;
  requesterName: string;
  message: string;
  siteUrl: string;
  now?: Date;
}): Promise<MembershipResult<{ memberId: string }>> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx): Promise<MembershipResult<{ memberId: string }>> => {
    const db = tx as unknown as AppDatabase;
    const [group] = await tx.select().from(studyGroups).where(eq(studyGroups.id, o.groupId)).for("update");
    if (!group) return { ok: false, error: "notFound" };
    if (group.status !== "active") return { ok: false, error: "archived" };
    const [existing] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, o.userId)));
    if (existing?.status === "pending") return { ok: false, error: "alreadyRequested" };
    if (existing?.status === "active") return { ok: false, error: "alreadyMember" };
    if (existing) {
      const retryFrom = requestAgainFrom(existing, now);
      if (retryFrom) return { ok: false, error: "requestAgainLater", retryFrom };
    }
    if (!group.isOpen) return { ok: false, error: "closed" };
    if (group.capacity != null && ((await activeMemberCounts(db, [group.id])).get(group.id) ?? 0) >= group.capacity) {
      return { ok: false, error: "full" };
    }
    const values = {
      role: "member" as const,
      status: "pending" as const,
      message: o.message,
      decidedBy: null,
      decidedAt: null,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(groupMembers).set(values).where(eq(groupMembers.id, existing.id)).returning({ id: groupMembers.id })
      : await tx
          .insert(groupMembers)
          .values({ ...values, groupId: group.id, userId: o.userId, createdAt: now })
          .returning({ id: groupMembers.id });
    if (!row) throw new Error("The join request was not stored");
    await queueJoinRequestEmails(db, { group, requesterName: o.requesterName, message: o.message, siteUrl: o.siteUrl });
    return { ok: true, memberId: row.id };
  });
  if (result.ok) kickOutbox();
  return result;
}
