import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { groupMembers, profiles, studyGroups, users } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localizeOptional } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getRequestContext } from "~/server/request-context.server";
import { buildGroupCards } from "./build-group-cards.server";
import { type GroupRow } from "./group-people.server";
import { displayNameSql, mailableEmail } from "~/platform/people/people.server";
import { formatDay, formatMeeting, nextMeetings } from "./group-schedule";
import type { GroupMemberView, JoinRequestView } from "./group-views";
import { groupsTranslator } from "./groups-translation";
import { isLookupKey } from "~/server/route-param.server";

/** An active group by slug; archived and unknown groups are not found. */
export async function findActiveGroup(db: AppDatabase, slug: string): Promise<GroupRow | undefined> {
  if (!isLookupKey(slug)) return undefined;
  const [group] = await db
    .select()
    .from(studyGroups)
    .where(and(eq(studyGroups.slug, slug), eq(studyGroups.status, "active")));
  return group;
}

/** The group's active members and leaders; contact details only where each member allows them. */
async function memberList(db: AppDatabase, groupId: number, viewerId: string, fallbackName: string): Promise<GroupMemberView[]> {
  const rows = await db
    .select({
      id: groupMembers.id,
      userId: groupMembers.userId,
      role: groupMembers.role,
      name: displayNameSql,
      email: users.email,
      phone: profiles.phone,
      accountPhone: users.phoneNumber,
      showEmail: profiles.directoryShowEmail,
      showPhone: profiles.directoryShowPhone,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, "active")))
    .orderBy(asc(groupMembers.role), asc(displayNameSql));
  return rows.map((r) => ({
    id: r.id,
    name: r.name || fallbackName,
    role: r.role,
    email: r.showEmail ? mailableEmail(r.email) : null,
    phone: r.showPhone ? (r.phone ?? r.accountPhone ?? null) : null,
    isSelf: r.userId === viewerId,
  }));
}

async function pendingRequests(
  db: AppDatabase,
  groupId: number,
  fallbackName: string,
  language: Language,
  timeZone: string,
): Promise<JoinRequestView[]> {
  const rows = await db
    .select({ id: groupMembers.id, name: displayNameSql, message: groupMembers.message, at: groupMembers.updatedAt })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, "pending")))
    .orderBy(asc(groupMembers.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name || fallbackName,
    message: r.message,
    requestedAt: formatDay(r.at, language, timeZone),
  }));
}

/**
 * /community/groups/:slug: the public information for everyone; the members, the schedule
 * and the meeting link for the group's active members; the join requests for its leaders.
 */
export async function loadGroupPage({ request, url, slug, now = new Date() }: { request: Request; url: URL; slug: string; now?: Date }) {
  const { db, language } = getRequestContext(request);
  const t = groupsTranslator(language);
  const group = await findActiveGroup(db, slug);
  if (!group) throw data(null, { status: 404 });
  const [session, timeZone] = await Promise.all([getCurrentMember({ db, request }), churchTimeZone(db)]);
  const userId = session?.member.id ?? null;
  const [card] = await buildGroupCards({ db, groups: [group], language, timeZone, userId, now });
  if (!card) throw data(null, { status: 404 });
  const isMember = card.membership?.status === "active";
  const isLeader = isMember && card.membership?.role === "leader";
  const fallbackName = t("group.unnamedMember");
  const members = isMember && userId ? await memberList(db, group.id, userId, fallbackName) : null;
  const requests = isLeader ? await pendingRequests(db, group.id, fallbackName, language, timeZone) : null;
  const schedule = isMember
    ? {
        meetings: nextMeetings({
          dayOfWeek: group.dayOfWeek,
          startTime: group.startTime,
          durationMinutes: group.durationMinutes,
          timeZone,
          now,
        }).map((m) => ({
          start: m.start.toISOString(),
          label: formatMeeting(m, language, timeZone),
        })),
        notes: localizeOptional(language, group.scheduleNotesEn, group.scheduleNotesEs),
        onlineUrl: group.meetingMode === "in_person" ? null : group.onlineUrl,
      }
    : null;

  const headers = new Headers(session?.headers);
  if (session) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      group: card,
      signedIn: Boolean(session),
      isMember,
      isLeader,
      members,
      requests,
      schedule,
      signInHref: `/auth?redirectTo=${encodeURIComponent(`${card.href}${url.search}`).replaceAll("%2F", "/")}`,
      seo: {
        title: card.name,
        description:
          card.description.length > 160 ? `${card.description.slice(0, 157).trimEnd()}…` : card.description || card.scheduleLabel,
      },
    },
    { headers },
  );
}
