import { and, asc, eq, inArray } from "drizzle-orm";
import { groupMembers, studyGroups } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/** A member's groups (active and pending), for the admin members section's detail view. */
export async function listMemberGroups(
  db: AppDatabase,
  userId: string,
  language: Language,
): Promise<{ groupId: number; name: string; role: "leader" | "member"; status: "pending" | "active" }[]> {
  const rows = await db
    .select({
      groupId: studyGroups.id,
      nameEn: studyGroups.nameEn,
      nameEs: studyGroups.nameEs,
      role: groupMembers.role,
      status: groupMembers.status,
    })
    .from(groupMembers)
    .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.status, ["active", "pending"])))
    .orderBy(asc(studyGroups.nameEn));
  return rows.map((r) => ({
    groupId: r.groupId,
    name: (language === "es" ? r.nameEs : null) || r.nameEn,
    role: r.role,
    status: r.status as "pending" | "active",
  }));
}
