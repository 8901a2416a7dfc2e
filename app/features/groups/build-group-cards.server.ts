import { and, eq, inArray } from "drizzle-orm";
import { groupMembers } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { activeMemberCounts, leaderNames, type GroupRow } from "./group-people.server";
import { formatDay, weeklyLabel } from "./group-schedule";
import type { GroupCardView, MembershipView } from "./group-views";
import { groupsTranslator } from "./groups-translation";
import { requestAgainFrom } from "./request-to-join.server";

/** The public view of groups (in the visitor's language), with the member's own place in each. */
export async function buildGroupCards(o: {
  db: AppDatabase;
  groups: GroupRow[];
  language: Language;
  timeZone: string;
  userId: string | null;
  now: Date;
}): Promise<GroupCardView[]> {
  const ids = o.groups.map((g) => g.id);
  const [counts, leaders, mine] = await Promise.all([
    activeMemberCounts(o.db, ids),
    leaderNames(o.db, ids),
    o.userId && ids.length > 0
      ? o.db
          .select()
          .from(groupMembers)
          .where(and(inArray(groupMembers.groupId, ids), eq(groupMembers.userId, o.userId)))
      : Promise.resolve([]),
  ]);
  const t = groupsTranslator(o.language);
  return o.groups.map((group) => {
    const memberCount = counts.get(group.id) ?? 0;
    const own = mine.find((m) => m.groupId === group.id);
    const retry = own ? requestAgainFrom(own, o.now) : null;
    const membership: MembershipView | null = own
      ? { id: own.id, role: own.role, status: own.status, requestAgainFrom: retry ? formatDay(retry, o.language, o.timeZone) : null }
      : null;
    const names = leaders.get(group.id) ?? [];
    return {
      id: group.id,
      slug: group.slug,
      href: `/community/groups/${encodeURIComponent(group.slug)}`,
      name: localize(o.language, group.nameEn, group.nameEs),
      description: localize(o.language, group.descriptionEn, group.descriptionEs),
      scheduleLabel: weeklyLabel(t, group.dayOfWeek, group.startTime),
      durationMinutes: group.durationMinutes,
      mode: group.meetingMode,
      locationName: group.locationName,
      address: group.address,
      language: group.language,
      leaders: names.length > 0 ? names : group.contactName ? [group.contactName] : [],
      isOpen: group.isOpen,
      capacity: group.capacity,
      memberCount,
      full: group.capacity != null && memberCount >= group.capacity,
      membership,
    };
  });
}
