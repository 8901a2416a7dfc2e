import { and, desc, eq, isNull } from "drizzle-orm";
import { liveChatMessages } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { CHAT_HISTORY_LIMIT, type ChatMessageView } from "./chat-events";

/** A stream's latest messages, oldest first, without the deleted ones: what viewers see. */
export async function listChatMessages(options: { db: AppDatabase; streamId: string; limit?: number }): Promise<ChatMessageView[]> {
  const rows = await options.db
    .select({
      id: liveChatMessages.id,
      authorName: liveChatMessages.authorName,
      body: liveChatMessages.body,
      createdAt: liveChatMessages.createdAt,
    })
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.streamId, options.streamId), isNull(liveChatMessages.deletedAt)))
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(options.limit ?? CHAT_HISTORY_LIMIT);
  return rows.reverse().map(toChatMessageView);
}

export function toChatMessageView(row: { id: string; authorName: string; body: string; createdAt: Date }): ChatMessageView {
  return { id: row.id, authorName: row.authorName, body: row.body, createdAt: row.createdAt.toISOString() };
}
