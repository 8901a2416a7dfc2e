import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { emailUnsubscribes, groupMembers, profiles, studyGroups, users } from "~/db/schema";
import { PHONE_ONLY_EMAIL_DOMAIN } from "~/features/auth/auth-input";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/**
 * The admin email section's "group members" segment (`group-members:<id>`):
 * the active members and leaders of one active group with a confirmed, real address and an
 * enabled account, each in their preferred language, marked when the address unsubscribed.
 */
export async function findGroupRecipients(db: AppDatabase, groupId: number): Promise<{ userId: string; email: string; language: Language; unsubscribed: boolean }[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      language: profiles.preferredLanguage,
      unsubscribed: sql<boolean>`${emailUnsubscribes.email} is not null`,
    })
    .from(groupMembers)
    .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.email, sql`lower(${users.email})`))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "active"),
        eq(studyGroups.status, "active"),
        eq(users.emailVerified, true),
        isNull(profiles.disabledAt),
        sql`lower(${users.email}) not like ${`%@${PHONE_ONLY_EMAIL_DOMAIN}`}`,
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((r) => ({ userId: r.userId, email: r.email, language: r.language ?? "en", unsubscribed: Boolean(r.unsubscribed) }));
}

/** The active groups an email campaign can be sent to, in the admin's language. */
export async function listGroupChoices(db: AppDatabase, language: Language): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: studyGroups.id, nameEn: studyGroups.nameEn, nameEs: studyGroups.nameEs })
    .from(studyGroups)
    .where(eq(studyGroups.status, "active"))
    .orderBy(asc(studyGroups.nameEn));
  return rows.map((r) => ({ id: r.id, name: (language === "es" ? r.nameEs : null) || r.nameEn }));
}
