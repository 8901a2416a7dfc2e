import { asc, eq, sql } from "drizzle-orm";
import { groupMembers, studyGroups } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { leaderNames } from "~/features/groups/group-people.server";
import { weeklyLabel } from "~/features/groups/group-schedule";
import { groupsTranslator } from "~/features/groups/groups-translation";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export interface GroupListRow {
  id: number;
  name: string;
  slug: string;
  status: "active" | "archived";
  schedule: string;
  leaders: string[];
  members: number;
  pending: number;
  capacity: number | null;
  isOpen: boolean;
}

/** Every group (active first), with its active-member and pending-request counts. */
export async function listGroups({ db, language }: { db: AppDatabase; language: Language }): Promise<GroupListRow[]> {
  const t = groupsTranslator(language);
  const rows = await db
    .select({
      group: studyGroups,
      members: sql<number>`count(*) filter (where ${groupMembers.status} = 'active' and ${groupMembers.role} = 'member')::int`,
      pending: sql<number>`count(*) filter (where ${groupMembers.status} = 'pending')::int`,
    })
    .from(studyGroups)
    .leftJoin(groupMembers, eq(groupMembers.groupId, studyGroups.id))
    .groupBy(studyGroups.id)
    .orderBy(asc(studyGroups.status), asc(studyGroups.dayOfWeek), asc(studyGroups.startTime), asc(studyGroups.nameEn));
  const leaders = await leaderNames(
    db,
    rows.map((r) => r.group.id),
  );
  return rows.map(({ group, members, pending }) => ({
    id: group.id,
    name: localize(language, group.nameEn, group.nameEs),
    slug: group.slug,
    status: group.status,
    schedule: weeklyLabel(t, group.dayOfWeek, group.startTime),
    leaders: leaders.get(group.id) ?? (group.contactName ? [group.contactName] : []),
    members: Number(members),
    pending: Number(pending),
    capacity: group.capacity,
    isOpen: group.isOpen,
  }));
}
