import { and, eq, or } from "drizzle-orm";
import { discussionReplies, discussionThreads } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/**
 * A thread as a signed-in member may see it: approved, or pending and their own. Hidden
 * threads and other members' pending ones are not found (the caller answers 404).
 */
export async function findVisibleThread(db: AppDatabase, threadId: string, userId: string) {
  const [row] = await db
    .select()
    .from(discussionThreads)
    .where(
      and(
        eq(discussionThreads.id, threadId),
        or(eq(discussionThreads.status, "approved"), and(eq(discussionThreads.status, "pending"), eq(discussionThreads.userId, userId))),
      ),
    );
  return row ?? null;
}

/** An approved reply in an approved thread (what a member may report). */
export async function findVisibleReply(db: AppDatabase, replyId: string) {
  const [row] = await db
    .select({ id: discussionReplies.id, userId: discussionReplies.userId, threadId: discussionReplies.threadId })
    .from(discussionReplies)
    .innerJoin(discussionThreads, eq(discussionThreads.id, discussionReplies.threadId))
    .where(and(eq(discussionReplies.id, replyId), eq(discussionReplies.status, "approved"), eq(discussionThreads.status, "approved")));
  return row ?? null;
}
