import { and, asc, count, eq, ilike, not, or, type SQL } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { escapeLike } from "~/lib/escape-like";
import { MEMBERS_PAGE_SIZE, PLACEHOLDER_EMAIL_SUFFIX, type MemberFilters } from "./members-input";

/** The columns the directory list and the CSV export show for each member. */
export const memberColumns = {
  id: users.id,
  fullName: profiles.fullName,
  displayName: profiles.displayName,
  username: profiles.username,
  accountName: users.name,
  email: users.email,
  profilePhone: profiles.phone,
  signInPhone: users.phoneNumber,
  membershipStatus: profiles.membershipStatus,
  memberSince: profiles.memberSince,
  preferredLanguage: profiles.preferredLanguage,
  directoryListed: profiles.directoryListed,
  directoryShowEmail: profiles.directoryShowEmail,
  directoryShowPhone: profiles.directoryShowPhone,
  disabledAt: profiles.disabledAt,
  joinedAt: users.createdAt,
};

/** The WHERE clause for the list's search (`q`, literal text) and status filter. */
export function memberFilterClause(filters: Pick<MemberFilters, "q" | "status">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        ilike(profiles.fullName, pattern),
        ilike(profiles.displayName, pattern),
        ilike(profiles.username, pattern),
        ilike(profiles.phone, pattern),
        ilike(users.phoneNumber, pattern),
        // A phone-only account's made-up address is not searchable.
        and(ilike(users.email, pattern), not(ilike(users.email, `%${PLACEHOLDER_EMAIL_SUFFIX}`))),
      )!,
    );
  }
  if (filters.status) conditions.push(eq(profiles.membershipStatus, filters.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page (25) of the members directory, by name, with the total for the pager. */
export async function listMembers({ db, filters }: { db: AppDatabase; filters: MemberFilters }) {
  const where = memberFilterClause(filters);
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(where),
    db
      .select(memberColumns)
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(where)
      .orderBy(asc(profiles.fullName), asc(users.createdAt), asc(users.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((filters.page - 1) * MEMBERS_PAGE_SIZE),
  ]);
  const totalCount = Number(total?.value ?? 0);
  return { rows, total: totalCount, pageCount: Math.max(1, Math.ceil(totalCount / MEMBERS_PAGE_SIZE)) };
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>["rows"][number];
