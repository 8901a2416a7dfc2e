import { eq } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/** The language a member chose for their emails and texts, looked up by address or number. */
export async function findPreferredLanguage(options: { db: AppDatabase; email?: string; phone?: string }): Promise<Language | null> {
  const { db, email, phone } = options;
  if (!email && !phone) return null;
  const rows = await db
    .select({ language: profiles.preferredLanguage })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(email ? eq(users.email, email) : eq(users.phoneNumber, phone!))
    .limit(1);
  return rows[0]?.language ?? null;
}
