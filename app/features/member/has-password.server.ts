import { and, eq, isNotNull } from "drizzle-orm";
import { accounts } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** Whether the member can sign in with a password (a credential account with a hash). */
export async function hasPassword({ db, userId }: { db: AppDatabase; userId: string }): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  return rows.length > 0;
}
