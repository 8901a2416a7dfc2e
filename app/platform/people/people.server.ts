import { eq, sql } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { isPhoneOnlyEmail } from "~/server/auth.server";

// How a member is named to others and reached by mail: shared by groups, prayer, discussions,
// the gallery and the admin inboxes.

/**
 * A member's name as other members see it: the display name, else the full name, else the
 * account name (never the email address or phone number).
 */
export const displayNameSql = sql<string>`coalesce(nullif(${profiles.displayName}, ''), nullif(${profiles.fullName}, ''), case when ${users.name} like '%@%' or ${users.name} ~ '^[+0-9 ()-]+$' then '' else ${users.name} end, '')`;

/** The address mail goes to, or null for phone-only accounts. */
export function mailableEmail(email: string | null | undefined): string | null {
  return email && !isPhoneOnlyEmail(email) ? email : null;
}

/** One person's name, address and language (for the accepted/declined email). */
export async function personOf(
  db: AppDatabase,
  userId: string,
): Promise<{ name: string; email: string | null; language: "en" | "es" } | null> {
  const [row] = await db
    .select({ email: users.email, name: displayNameSql, language: profiles.preferredLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { name: row.name, email: mailableEmail(row.email), language: row.language ?? "en" } : null;
}
