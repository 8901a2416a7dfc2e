import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { adminAuthAttempts } from "~/db/schema";
import { summarizeUserAgent, type DeviceSummary } from "~/features/member/summarize-user-agent";
import type { AppDatabase } from "~/server/db.server";
import { escapeLike } from "~/lib/escape-like";
import { AUDIT_PAGE_SIZE, type SignInFilters } from "./audit-filters";

export interface SignInAttempt {
  id: string;
  createdAt: string;
  email: string;
  success: boolean;
  failureReason: string | null;
  method: string;
  ipAddress: string | null;
  device: DeviceSummary | null;
}

/** The admin sign-in attempts, newest first, fifty a page. */
export async function loadSignInAttempts(options: {
  db: AppDatabase;
  filters: SignInFilters;
}): Promise<{ attempts: SignInAttempt[]; page: number; hasNext: boolean }> {
  const { db, filters } = options;
  const where: SQL[] = [];
  if (filters.email) where.push(ilike(adminAuthAttempts.email, `%${escapeLike(filters.email)}%`));
  if (filters.result) where.push(eq(adminAuthAttempts.success, filters.result === "success"));
  const rows = await db
    .select()
    .from(adminAuthAttempts)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuthAttempts.createdAt), desc(adminAuthAttempts.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  return {
    page: filters.page,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    attempts: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      email: row.email,
      success: row.success,
      failureReason: row.failureReason,
      method: row.method,
      ipAddress: row.ipAddress,
      device: summarizeUserAgent(row.userAgent),
    })),
  };
}
