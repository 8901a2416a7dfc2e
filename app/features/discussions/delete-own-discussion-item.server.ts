import { and, eq, ne, sql } from "drizzle-orm";
import { discussionReplies, discussionThreads } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The author deletes their own thread (not one a moderator hid) (its replies and reports go with it) or reply (the thread's count follows). */
export async function deleteOwnDiscussionItem(o: {
  db: AppDatabase;
  kind: "thread" | "reply";
  id: string;
  userId: string;
}): Promise<{ deleted: boolean; threadId?: string }> {
  if (o.kind === "thread") {
    const rows = await o.db
      .delete(discussionThreads)
      .where(and(eq(discussionThreads.id, o.id), eq(discussionThreads.userId, o.userId), ne(discussionThreads.status, "hidden")))
      .returning({ id: discussionThreads.id });
    return { deleted: rows.length > 0 };
  }
  return o.db.transaction(async (tx) => {
    const [reply] = await tx
      .delete(discussionReplies)
      .where(and(eq(discussionReplies.id, o.id), eq(discussionReplies.userId, o.userId), ne(discussionReplies.status, "hidden")))
      .returning({ threadId: discussionReplies.threadId, status: discussionReplies.status });
    if (!reply) return { deleted: false };
    if (reply.status === "approved") {
      await tx
        .update(discussionThreads)
        .set({ replyCount: sql`greatest(${discussionThreads.replyCount} - 1, 0)` })
        .where(eq(discussionThreads.id, reply.threadId));
    }
    return { deleted: true, threadId: reply.threadId };
  });
}
