import { and, eq, gt, isNull, or } from "drizzle-orm";
import { liveChatMutes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The member's mute in force now, or null. `until` is null for "until unmuted". */
export async function findChatMute(db: AppDatabase, userId: string, now = new Date()): Promise<{ until: Date | null } | null> {
  const [row] = await db
    .select({ expiresAt: liveChatMutes.expiresAt })
    .from(liveChatMutes)
    .where(and(eq(liveChatMutes.userId, userId), or(isNull(liveChatMutes.expiresAt), gt(liveChatMutes.expiresAt, now))))
    .limit(1);
  return row ? { until: row.expiresAt } : null;
}
