import { eq, sql } from "drizzle-orm";
import { prayerReports, prayerRequests } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { REPORT_THRESHOLD } from "./prayer-views";

/**
 * A member reports a request, once (unique index). At the third open report the request is
 * hidden until a moderator approves it again or removes it.
 */
export async function reportPrayerRequest(o: {
  db: AppDatabase;
  requestId: string;
  userId: string;
  reason?: string;
}): Promise<{ counted: boolean }> {
  return o.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prayerReports)
      .values({ requestId: o.requestId, userId: o.userId, reason: o.reason ?? "" })
      .onConflictDoNothing()
      .returning({ id: prayerReports.id });
    if (inserted.length === 0) return { counted: false };
    await tx
      .update(prayerRequests)
      .set({
        reportCount: sql`${prayerRequests.reportCount} + 1`,
        status: sql`case when ${prayerRequests.reportCount} + 1 >= ${REPORT_THRESHOLD} then 'hidden' else ${prayerRequests.status} end`,
      })
      .where(eq(prayerRequests.id, o.requestId));
    return { counted: true };
  });
}
