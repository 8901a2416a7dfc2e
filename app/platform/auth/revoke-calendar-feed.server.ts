import { eq, sql } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/**
 * Ends the member's private calendar link (/events/mine.ics?token=…): its token is an HMAC
 * over the user id and `profiles.calendar_feed_version`, so one more version makes every old
 * link answer 404 and gives the member a new one (shown on /settings and event pages).
 * Called by "Reset my calendar link" and with every "the account may be in other hands"
 * event: signing out everywhere, a password change and a password reset.
 */
export async function revokeCalendarFeed({ db, userId }: { db: AppDatabase; userId: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ calendarFeedVersion: sql`${profiles.calendarFeedVersion} + 1` })
    .where(eq(profiles.id, userId));
}
