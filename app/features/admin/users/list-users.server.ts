import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { adminSessions, adminUsers, profiles, sessions, userRoles, users } from "~/db/schema";
import { PHONE_ONLY_EMAIL_DOMAIN } from "~/lib/phone-formats";
import { isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { escapeLike } from "~/lib/escape-like";

export const USERS_PER_PAGE = 25;

/** One row of the accounts list, ready for the page (dates as ISO text). */
export interface UserListItem {
  id: string;
  name: string;
  /** Null for a phone-only account (its placeholder address is never shown). */
  email: string | null;
  phone: string | null;
  roles: string[];
  /** Null when the account has no admin record. */
  scopes: string[] | null;
  twoFactorEnabled: boolean;
  disabled: boolean;
  createdAt: string;
}

export interface UserDetail extends UserListItem {
  disabledAt: string | null;
  memberSessions: number;
  adminSessions: number;
}

const columns = {
  id: users.id,
  userName: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
  twoFactorEnabled: users.twoFactorEnabled,
  createdAt: users.createdAt,
  displayName: profiles.displayName,
  fullName: profiles.fullName,
  profilePhone: profiles.phone,
  disabledAt: profiles.disabledAt,
  scopes: adminUsers.scopes,
};

type Row = {
  id: string;
  userName: string;
  email: string;
  phoneNumber: string | null;
  twoFactorEnabled: boolean | null;
  createdAt: Date;
  displayName: string | null;
  fullName: string | null;
  profilePhone: string | null;
  disabledAt: Date | null;
  scopes: string[] | null;
};

function toItem(row: Row, roles: string[]): UserListItem {
  const placeholder = isPhoneOnlyEmail(row.email);
  return {
    id: row.id,
    name:
      row.displayName || row.fullName || row.userName || (placeholder ? "" : row.email) || row.phoneNumber || row.profilePhone || row.id,
    email: placeholder ? null : row.email,
    phone: row.phoneNumber ?? row.profilePhone,
    roles,
    scopes: row.scopes ? [...row.scopes] : null,
    twoFactorEnabled: row.twoFactorEnabled === true,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function rolesOf(db: AppDatabase, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, ids))
    .orderBy(asc(userRoles.role));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.role]);
  return map;
}

/** The accounts list: search by name, email or phone (`q`), newest first, 25 a page. */
export async function listUsers(options: {
  db: AppDatabase;
  q: string;
  page: number;
}): Promise<{ items: UserListItem[]; total: number; page: number; pages: number }> {
  const { db } = options;
  const q = options.q.trim();
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where = or(
      ilike(users.name, pattern),
      and(ilike(users.email, pattern), sql`${users.email} not like ${`%@${PHONE_ONLY_EMAIL_DOMAIN}`}`),
      ilike(users.phoneNumber, pattern),
      ilike(profiles.fullName, pattern),
      ilike(profiles.displayName, pattern),
      ilike(profiles.phone, pattern),
    );
  }
  const [totalRow] = await db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const page = Math.min(Math.max(1, options.page), pages);
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(USERS_PER_PAGE)
    .offset((page - 1) * USERS_PER_PAGE);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toItem(row, roles.get(row.id) ?? [])), total, page, pages };
}

/** One account with its live session counts, for the detail panel; null when unknown. */
export async function loadUserDetail(options: { db: AppDatabase; userId: string }): Promise<UserDetail | null> {
  const { db, userId } = options;
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const roles = await rolesOf(db, [userId]);
  const now = new Date();
  const [member] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now}`));
  const [admin] = await db
    .select({ n: count() })
    .from(adminSessions)
    .where(and(eq(adminSessions.userId, userId), isNull(adminSessions.revokedAt), sql`${adminSessions.expiresAt} > ${now}`));
  return {
    ...toItem(row, roles.get(userId) ?? []),
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    memberSessions: member?.n ?? 0,
    adminSessions: admin?.n ?? 0,
  };
}
