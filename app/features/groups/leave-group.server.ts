import { and, eq } from "drizzle-orm";
import { groupMembers } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { MembershipResult } from "./membership-result";

/** The member leaves a group they belong to (a leader who leaves stops leading it). They may ask again later. */
export async function leaveGroup(o: { db: AppDatabase; groupId: number; userId: string; now?: Date }): Promise<MembershipResult> {
  const now = o.now ?? new Date();
  const updated = await o.db
    .update(groupMembers)
    .set({ status: "left", role: "member", updatedAt: now })
    .where(and(eq(groupMembers.groupId, o.groupId), eq(groupMembers.userId, o.userId), eq(groupMembers.status, "active")))
    .returning({ id: groupMembers.id });
  return updated.length > 0 ? { ok: true } : { ok: false, error: "notMember" };
}
