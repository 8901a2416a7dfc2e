import { desc, min, sql } from "drizzle-orm";
import { classOfferings, classSessions } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { countSignups } from "~/features/membership/list-open-offerings.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export interface OfferingListRow {
  id: number;
  title: string;
  status: "draft" | "open" | "closed";
  firstSession: string | null;
  sessions: number;
  signups: number;
  capacity: number | null;
}

/** Every class, newest first, with its first session and live sign-up count. */
export async function listOfferings(o: { db: AppDatabase; language: Language }): Promise<OfferingListRow[]> {
  const [offerings, firsts] = await Promise.all([
    o.db.select().from(classOfferings).orderBy(desc(classOfferings.id)),
    o.db
      .select({ offeringId: classSessions.offeringId, first: min(classSessions.startsAt), count: sql<number>`count(*)::int` })
      .from(classSessions)
      .groupBy(classSessions.offeringId),
  ]);
  const counts = await countSignups(
    o.db,
    offerings.map((x) => x.id),
  );
  const byOffering = new Map(firsts.map((f) => [f.offeringId, f]));
  return offerings.map((x) => {
    const first = byOffering.get(x.id);
    return {
      id: x.id,
      title: localize(o.language, x.titleEn, x.titleEs),
      status: x.status,
      firstSession: first?.first ? new Date(first.first).toISOString() : null,
      sessions: Number(first?.count ?? 0),
      signups: counts.get(x.id) ?? 0,
      capacity: x.capacity,
    };
  });
}
