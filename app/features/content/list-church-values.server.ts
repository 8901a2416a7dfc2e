import { asc } from "drizzle-orm";
import { churchValues } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { ListContentOptions } from "./list-leaders.server";

export interface ChurchValue {
  key: string;
  title: string;
  description: string;
}

export async function listChurchValues({ db, language }: ListContentOptions): Promise<ChurchValue[]> {
  const rows = await db.select().from(churchValues).orderBy(asc(churchValues.sortOrder), asc(churchValues.id));
  return rows.map((r) => ({
    key: r.key,
    title: localize(language, r.titleEn, r.titleEs),
    description: localize(language, r.descriptionEn, r.descriptionEs),
  }));
}
