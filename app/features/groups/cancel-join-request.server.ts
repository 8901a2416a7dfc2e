import { and, eq } from "drizzle-orm";
import { groupMembers } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { MembershipResult } from "./membership-result";

/** The member withdraws their own pending request (the row goes: nothing was decided). */
export async function cancelJoinRequest(o: { db: AppDatabase; groupId: number; userId: string }): Promise<MembershipResult> {
  const deleted = await o.db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, o.groupId), eq(groupMembers.userId, o.userId), eq(groupMembers.status, "pending")))
    .returning({ id: groupMembers.id });
  return deleted.length > 0 ? { ok: true } : { ok: false, error: "notPending" };
}
