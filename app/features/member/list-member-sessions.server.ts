import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { summarizeUserAgent, type DeviceSummary } from "./summarize-user-agent";

/** One signed-in browser, as the settings page shows it: no token, no IP address. */
export interface MemberSessionSummary {
  /** The session's id (not its token), which revoke-session takes. */
  id: string;
  current: boolean;
  device: DeviceSummary | null;
  createdAt: Date;
}

/**
 * The member's unexpired sessions, this one first, then newest first. Read from the table
 * rather than better-auth's listSessions, which refuses sessions older than `freshAge` (a
 * day): the page must work for a member who signed in last week.
 */
export async function listMemberSessions(options: {
  db: AppDatabase;
  userId: string;
  currentSessionId: string;
}): Promise<MemberSessionSummary[]> {
  const rows = await options.db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === options.currentSessionId,
      device: summarizeUserAgent(row.userAgent),
      createdAt: row.createdAt,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
