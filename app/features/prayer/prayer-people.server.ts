import { eq } from "drizzle-orm";
import { profiles, users } from "~/db/schema";
import { displayNameSql, mailableEmail } from "~/platform/people/people.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** A member's name (as others see it), mailable address and preferred language. */
export async function prayerPerson(
  db: AppDatabase,
  userId: string,
): Promise<{ name: string; email: string | null; language: Language } | null> {
  const [row] = await db
    .select({ email: users.email, name: displayNameSql, language: profiles.preferredLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { name: row.name, email: mailableEmail(row.email), language: row.language ?? "en" } : null;
}

export async function prayerSettings(db: AppDatabase): Promise<{ autoApprove: boolean; expiryDays: number }> {
  const row = await readChurchSettings(db);
  return { autoApprove: row?.prayerAutoApprove ?? false, expiryDays: row?.prayerExpiryDays ?? 30 };
}

export const wallUrl = (siteUrl: string, language: Language) =>
  new URL(`/prayer${language === "es" ? "?lang=es" : ""}`, siteUrl).toString();
