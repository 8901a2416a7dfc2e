import { and, eq, isNull } from "drizzle-orm";
import { liveChatMessages } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { PubSub } from "~/server/pubsub.server";
import { publishChatEvent } from "./publish-chat-event.server";

export interface ChatModerator {
  userId: string;
  name: string;
  /** The client address, for the audit log. */
  ip?: string | null;
}

/**
 * A moderator removes a message: it stays in the database (deleted_at, deleted_by) for the
 * record, leaves every viewer's chat at once and is no longer in the history.
 */
export async function deleteChatMessage(options: {
  db: AppDatabase;
  pubsub: PubSub;
  moderator: ChatModerator;
  messageId: string;
}): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  const { db, moderator } = options;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveChatMessages)
      .set({ deletedAt: new Date(), deletedBy: moderator.userId })
      .where(and(eq(liveChatMessages.id, options.messageId), isNull(liveChatMessages.deletedAt)))
      .returning({
        id: liveChatMessages.id,
        streamId: liveChatMessages.streamId,
        authorName: liveChatMessages.authorName,
        body: liveChatMessages.body,
      });
    if (!row) return null;
    await recordAudit({
      db: tx,
      actor: moderator,
      ipAddress: moderator.ip,
      entry: {
        action: "live_chat.message.delete",
        entityType: "live_chat_message",
        entityId: row.id,
        before: { authorName: row.authorName, body: row.body },
      },
    });
    return row;
  });
  if (!deleted) return { ok: false, error: "notFound" };
  await publishChatEvent(options.pubsub, deleted.streamId, { type: "delete", id: deleted.id });
  return { ok: true };
}
