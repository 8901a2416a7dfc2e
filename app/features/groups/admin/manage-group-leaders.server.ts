import { and, eq, sql } from "drizzle-orm";
import { groupMembers, studyGroups, users } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { personOf } from "~/platform/people/people.server";
import type { AppDatabase } from "~/server/db.server";
import type { GroupAdminMessage } from "./group-form";

type LeaderResult = { ok: true; name: string } | { ok: false; status: 400 | 404 | 409; message: GroupAdminMessage };

/**
 * Makes an existing member account (found by its email) a leader of the group: a new active
 * leader row, or their request or membership promoted. Leaders don't take places.
 */
export async function addGroupLeader(o: {
  db: AppDatabase;
  actor: AdminIdentity;
  ip: string;
  groupId: number;
  email: string;
  now?: Date;
}): Promise<LeaderResult> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx): Promise<LeaderResult> => {
    const db = tx as unknown as AppDatabase;
    const [group] = await tx.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.id, o.groupId)).for("update");
    if (!group) return { ok: false, status: 404, message: "notFound" };
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${o.email.trim().toLowerCase()}`);
    if (!user) return { ok: false, status: 404, message: "noAccount" };
    const [existing] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, user.id)));
    if (existing?.role === "leader" && existing.status === "active") return { ok: false, status: 409, message: "alreadyLeader" };
    const values = { role: "leader" as const, status: "active" as const, decidedBy: o.actor.userId, decidedAt: now, updatedAt: now };
    if (existing) await tx.update(groupMembers).set(values).where(eq(groupMembers.id, existing.id));
    else await tx.insert(groupMembers).values({ ...values, groupId: group.id, userId: user.id, createdAt: now });
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "group.leader.add",
        entityType: "study_group",
        entityId: String(group.id),
        before: existing ? { userId: user.id, role: existing.role, status: existing.status } : null,
        after: { userId: user.id, role: "leader", status: "active" },
      },
    });
    return { ok: true, name: (await personOf(db, user.id))?.name || o.email };
  });
}

/** The leader stops leading the group and stays in it as a member. */
export async function removeGroupLeader(o: {
  db: AppDatabase;
  actor: AdminIdentity;
  ip: string;
  groupId: number;
  memberId: string;
  now?: Date;
}): Promise<LeaderResult> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx): Promise<LeaderResult> => {
    const db = tx as unknown as AppDatabase;
    const [row] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.id, o.memberId), eq(groupMembers.groupId, o.groupId)))
      .for("update");
    if (!row || row.role !== "leader" || row.status !== "active") return { ok: false, status: 409, message: "notLeader" };
    await tx.update(groupMembers).set({ role: "member", updatedAt: now }).where(eq(groupMembers.id, row.id));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "group.leader.remove",
        entityType: "study_group",
        entityId: String(o.groupId),
        before: { userId: row.userId, role: "leader" },
        after: { userId: row.userId, role: "member" },
      },
    });
    return { ok: true, name: (await personOf(db, row.userId))?.name ?? "" };
  });
}
