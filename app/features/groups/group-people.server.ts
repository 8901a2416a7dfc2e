import { and, count, eq, inArray } from "drizzle-orm";
import type { studyGroups } from "~/db/schema";
import { groupMembers, profiles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { displayNameSql, mailableEmail } from "~/platform/people/people.server";

export type GroupRow = typeof studyGroups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/** Active members per group (leaders do not take places). */
export async function activeMemberCounts(db: AppDatabase, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: groupMembers.groupId, n: count() })
    .from(groupMembers)
    .where(and(inArray(groupMembers.groupId, groupIds), eq(groupMembers.status, "active"), eq(groupMembers.role, "member")))
    .groupBy(groupMembers.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

/** Display names of each group's active leaders. */
export async function leaderNames(db: AppDatabase, groupIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (groupIds.length === 0) return result;
  const rows = await db
    .select({ groupId: groupMembers.groupId, name: displayNameSql })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, groupIds), eq(groupMembers.status, "active"), eq(groupMembers.role, "leader")))
    .orderBy(displayNameSql);
  for (const row of rows) {
    if (!row.name) continue;
    result.set(row.groupId, [...(result.get(row.groupId) ?? []), row.name]);
  }
  return result;
}

/** The member's row in a group, if any. */
export async function findMembership(db: AppDatabase, groupId: number, userId: string): Promise<GroupMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** True when the user leads this group (an active leader row): the check behind every leader action. */
export async function isGroupLeader(db: AppDatabase, groupId: number, userId: string): Promise<boolean> {
  const row = await findMembership(db, groupId, userId);
  return row?.role === "leader" && row.status === "active";
}

/** The people mail goes to about a group: its active leaders, each with language and address. */
export async function leaderRecipients(
  db: AppDatabase,
  groupId: number,
): Promise<{ userId: string; name: string; email: string; language: "en" | "es" }[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: displayNameSql, language: profiles.preferredLanguage })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, "active"), eq(groupMembers.role, "leader")));
  return rows.flatMap((r) => {
    const email = mailableEmail(r.email);
    return email ? [{ userId: r.userId, name: r.name, email, language: r.language ?? "en" }] : [];
  });
}
