import { asc, desc, eq } from "drizzle-orm";
import { adminUsers, events, signupInbox } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { SignupFilter, SignupStatus } from "./signups-input";

export interface SignupItem {
  id: string;
  kind: (typeof signupInbox.kind.enumValues)[number];
  eventTitle: string | null;
  name: string;
  email: string;
  summary: string;
  status: SignupStatus;
  assigneeUserId: string | null;
  notes: string;
  createdAt: string;
}

export interface SignupsPageData {
  filter: SignupFilter;
  items: SignupItem[];
  admins: { userId: string; name: string }[];
  counts: Record<SignupStatus, number>;
}

const LIMIT = 500;

/** The sign-up inbox with one status (or all), newest first, and the administrators to assign. */
export async function loadSignups(options: { db: AppDatabase; language: Language; filter: SignupFilter }): Promise<SignupsPageData> {
  const { db, language, filter } = options;
  const query = db
    .select({
      id: signupInbox.id,
      kind: signupInbox.kind,
      titleEn: events.titleEn,
      titleEs: events.titleEs,
      name: signupInbox.name,
      email: signupInbox.email,
      summary: signupInbox.summary,
      status: signupInbox.status,
      assigneeUserId: signupInbox.assigneeUserId,
      notes: signupInbox.notes,
      createdAt: signupInbox.createdAt,
    })
    .from(signupInbox)
    .leftJoin(events, eq(events.id, signupInbox.eventId));
  const [rows, admins, all] = await Promise.all([
    (filter === "all" ? query : query.where(eq(signupInbox.status, filter))).orderBy(desc(signupInbox.createdAt), desc(signupInbox.id)).limit(LIMIT),
    db.select({ userId: adminUsers.userId, name: adminUsers.name }).from(adminUsers).orderBy(asc(adminUsers.name), asc(adminUsers.userId)),
    db.select({ status: signupInbox.status }).from(signupInbox),
  ]);
  const counts: Record<SignupStatus, number> = { new: 0, contacted: 0, done: 0 };
  for (const row of all) counts[row.status] += 1;
  return {
    filter,
    admins,
    counts,
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      eventTitle: row.titleEn ? (language === "es" ? row.titleEs : null) || row.titleEn : null,
      name: row.name,
      email: row.email,
      summary: row.summary,
      status: row.status,
      assigneeUserId: row.assigneeUserId,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
