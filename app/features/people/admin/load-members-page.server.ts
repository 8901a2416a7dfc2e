import { listMemberGroups } from "~/features/groups/list-member-groups.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { listMembers, type MemberRow } from "./list-members.server";
import { loadMemberDetail } from "./load-member-detail.server";
import { readMemberFilters, visibleEmail } from "./members-input";
import { dateTimeFormat } from "~/i18n/intl-format";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";

/** Only these names are read back from `?done=`, so a link can't make the page say something else. */
const DONE_NOTICES = { membership: "members.membership.saved", note: "members.notes.added" } as const;

/**
 * Everything /admin/members shows: one page of the directory (search, status filter), or
 * with `?member=<id>` that member's details and staff notes. Dates are formatted here, in
 * the church's time zone, so the server and the browser render the same text.
 */
export async function loadMembersPage({ db, language, url }: { db: AppDatabase; language: Language; url: URL }) {
  const filters = readMemberFilters(url);
  const memberId = url.searchParams.get("member");
  const [timeZone, list, detail, groups] = await Promise.all([
    churchTimeZone(db),
    memberId ? null : listMembers({ db, filters }),
    memberId ? loadMemberDetail({ db, memberId: memberId.slice(0, 200) }) : null,
    memberId ? listMemberGroups(db, memberId.slice(0, 200), language) : [],
  ]);
  const dateText = dateTimeFormat(language, { dateStyle: "medium", timeZone });
  const dateTimeText = dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });
  // A calendar date (member since) is the same day everywhere.
  const calendarText = dateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });

  const view = (row: MemberRow) => ({
    id: row.id,
    name: row.fullName || row.displayName || row.accountName || visibleEmail(row.email) || row.profilePhone || row.signInPhone || row.id,
    displayName: row.displayName,
    username: row.username,
    email: visibleEmail(row.email),
    phone: row.profilePhone ?? row.signInPhone,
    membershipStatus: row.membershipStatus,
    memberSince: row.memberSince,
    memberSinceText: row.memberSince ? calendarText.format(new Date(`${row.memberSince}T00:00:00Z`)) : null,
    language: row.preferredLanguage,
    joinedText: dateText.format(row.joinedAt),
    disabled: row.disabledAt !== null,
    directory: { listed: row.directoryListed, showEmail: row.directoryShowEmail, showPhone: row.directoryShowPhone },
  });

  const done = url.searchParams.get("done");
  return {
    filters: { q: filters.q, status: filters.status, page: filters.page },
    list: list ? { members: list.rows.map(view), total: list.total, pageCount: list.pageCount } : null,
    memberId,
    detail: detail
      ? {
          member: view(detail.member),
          /** Study groups the member leads, belongs to or asked to join. */
          groups,
          notes: detail.notes.map((note) => ({
            id: note.id,
            authorName: note.authorName,
            body: note.body,
            createdAt: note.createdAt.toISOString(),
            createdText: dateTimeText.format(note.createdAt),
          })),
        }
      : null,
    notice: done && Object.hasOwn(DONE_NOTICES, done) ? DONE_NOTICES[done as keyof typeof DONE_NOTICES] : null,
  };
}

export type MembersPageData = Awaited<ReturnType<typeof loadMembersPage>>;
