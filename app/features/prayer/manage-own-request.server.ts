import { and, eq } from "drizzle-orm";
import { prayerRequests } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The author marks their request answered, with an optional praise report. False when it is not theirs. */
export async function markPrayerAnswered(o: {
  db: AppDatabase;
  requestId: string;
  userId: string;
  praiseReport: string;
  now?: Date;
}): Promise<boolean> {
  const now = o.now ?? new Date();
  const rows = await o.db
    .update(prayerRequests)
    .set({ answeredAt: now, praiseReport: o.praiseReport || null, updatedAt: now })
    .where(and(eq(prayerRequests.id, o.requestId), eq(prayerRequests.userId, o.userId)))
    .returning({ id: prayerRequests.id });
  return rows.length > 0;
}

/** The author deletes their request (its prayers, reports and replies go with it). */
export async function deleteOwnPrayerRequest(o: { db: AppDatabase; requestId: string; userId: string }): Promise<boolean> {
  const rows = await o.db
    .delete(prayerRequests)
    .where(and(eq(prayerRequests.id, o.requestId), eq(prayerRequests.userId, o.userId)))
    .returning({ id: prayerRequests.id });
  return rows.length > 0;
}
