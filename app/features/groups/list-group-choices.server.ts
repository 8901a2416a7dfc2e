import { asc, eq } from "drizzle-orm";
import { studyGroups } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/** The active groups an email campaign can be sent to, in the admin's language. */
export async function listGroupChoices(db: AppDatabase, language: Language): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: studyGroups.id, nameEn: studyGroups.nameEn, nameEs: studyGroups.nameEs })
    .from(studyGroups)
    .where(eq(studyGroups.status, "active"))
    .orderBy(asc(studyGroups.nameEn));
  return rows.map((r) => ({ id: r.id, name: (language === "es" ? r.nameEs : null) || r.nameEn }));
}
