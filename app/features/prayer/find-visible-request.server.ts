import { and, eq, gt, inArray, type SQL } from "drizzle-orm";
import { prayerRequests } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/**
 * The one rule for what the wall shows: approved, unexpired, and public (everyone) or
 * members (signed-in members). Private requests never match, whoever asks.
 */
export function wallConditions(signedIn: boolean, now: Date): SQL[] {
  return [
    eq(prayerRequests.status, "approved"),
    gt(prayerRequests.expiresAt, now),
    inArray(prayerRequests.visibility, signedIn ? ["public", "members"] : ["public"]),
  ];
}

/** A request this visitor may see on the wall (and so pray for or report), or undefined. */
export async function findVisibleRequest(db: AppDatabase, id: string, signedIn: boolean, now: Date) {
  const [row] = await db
    .select()
    .from(prayerRequests)
    .where(and(eq(prayerRequests.id, id), ...wallConditions(signedIn, now)));
  return row;
}
