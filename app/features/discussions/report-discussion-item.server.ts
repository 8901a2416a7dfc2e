import { eq, sql } from "drizzle-orm";
import { discussionReplies, discussionReports, discussionThreads } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/**
 * A member reports a thread or a reply, once (unique index per member and item); the item's
 * report count goes up in the same transaction only when the report was new. The caller
 * checked that the member may see the item.
 */
export async function reportDiscussionItem(o: {
  db: AppDatabase;
  kind: "thread" | "reply";
  id: string;
  userId: string;
  reason: string;
}): Promise<{ counted: boolean }> {
  return o.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(discussionReports)
      .values(
        o.kind === "thread"
          ? { threadId: o.id, userId: o.userId, reason: o.reason }
          : { replyId: o.id, userId: o.userId, reason: o.reason },
      )
      .onConflictDoNothing()
      .returning({ id: discussionReports.id });
    if (inserted.length === 0) return { counted: false };
    if (o.kind === "thread") {
      await tx
        .update(discussionThreads)
        .set({ reportCount: sql`${discussionThreads.reportCount} + 1` })
        .where(eq(discussionThreads.id, o.id));
    } else {
      await tx
        .update(discussionReplies)
        .set({ reportCount: sql`${discussionReplies.reportCount} + 1` })
        .where(eq(discussionReplies.id, o.id));
    }
    return { counted: true };
  });
}
