import { eq } from "drizzle-orm";
import { churchSettings, profiles, users } from "~/db/schema";
import { displayNameSql, mailableEmail } from "~/platform/people/people.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

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

export async function churchNameIn(db: AppDatabase, language: Language): Promise<string> {
  const [settings] = await db.select({ nameEn: churchSettings.nameEn, nameEs: churchSettings.nameEs }).from(churchSettings).limit(1);
  return (language === "es" ? settings?.nameEs : null) || (settings?.nameEn ?? "");
}

export async function prayerSettings(db: AppDatabase): Promise<{ autoApprove: boolean; expiryDays: number }> {
  const [row] = await db
    .select({ autoApprove: churchSettings.prayerAutoApprove, expiryDays: churchSettings.prayerExpiryDays })
    .from(churchSettings)
    .limit(1);
  return { autoApprove: row?.autoApprove ?? false, expiryDays: row?.expiryDays ?? 30 };
}

export const wallUrl = (siteUrl: string, language: Language) =>
  new URL(`/prayer${language === "es" ? "?lang=es" : ""}`, siteUrl).toString();
