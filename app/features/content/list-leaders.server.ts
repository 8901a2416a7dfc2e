import { asc } from "drizzle-orm";
import { leaders } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { localize } from "~/i18n/localize";

export interface Leader {
  key: string;
  name: string;
  role: string;
  bio: string;
  photoUrl: string | null;
}

export interface ListContentOptions {
  db: AppDatabase;
  language: Language;
}

export async function listLeaders({ db, language }: ListContentOptions): Promise<Leader[]> {
  const rows = await db.select().from(leaders).orderBy(asc(leaders.sortOrder), asc(leaders.id));
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    role: localize(language, r.roleEn, r.roleEs),
    bio: localize(language, r.bioEn, r.bioEs),
    photoUrl: r.photoUrl,
  }));
}
