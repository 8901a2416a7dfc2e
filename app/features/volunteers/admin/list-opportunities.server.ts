import { asc, count, isNotNull } from "drizzle-orm";
import { volunteerOpportunities, volunteerSignups } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export interface OpportunityListRow {
  id: number;
  title: string;
  active: boolean;
  sortOrder: number;
  signups: number;
}

/** Every ministry in the order /community shows them, with its sign-up count. */
export async function listOpportunities(o: { db: AppDatabase; language: Language }): Promise<OpportunityListRow[]> {
  const [rows, counts] = await Promise.all([
    o.db
      .select()
      .from(volunteerOpportunities)
      .orderBy(asc(volunteerOpportunities.sortOrder), asc(volunteerOpportunities.title), asc(volunteerOpportunities.id)),
    o.db
      .select({ opportunityId: volunteerSignups.opportunityId, n: count() })
      .from(volunteerSignups)
      .where(isNotNull(volunteerSignups.opportunityId))
      .groupBy(volunteerSignups.opportunityId),
  ]);
  const byId = new Map(counts.map((c) => [c.opportunityId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    title: localize(o.language, r.title, r.titleEs),
    active: r.active,
    sortOrder: r.sortOrder,
    signups: byId.get(r.id) ?? 0,
  }));
}
