import { liveChatMessages } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { PubSub } from "~/server/pubsub.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import type { ChatMessageView } from "./chat-events";
import { findChatMute } from "./find-chat-mute.server";
import { findCurrentStream } from "./find-live-stream.server";
import { toChatMessageView } from "./list-chat-messages.server";
import { publishChatEvent } from "./publish-chat-event.server";

/** Per member, in PostgreSQL so every instance counts together: a burst, then a steady pace. */
export const chatRateLimits = {
  burst: { limit: 5, windowSeconds: 10 },
  sustained: { limit: 30, windowSeconds: 5 * 60 },
} satisfies Record<string, RateLimitRule>;

export type PostChatError = "noStream" | "streamEnded" | "chatOff" | "muted" | "rateLimited";

export type PostChatResult =
  { ok: true; message: ChatMessageView } | { ok: false; error: PostChatError; retryAfterSeconds?: number; mutedUntil?: Date | null };

/** The longest author name kept with a message (keeps every event far below NOTIFY's limit). */
const AUTHOR_MAX = 80;

/**
 * A signed-in member's message in the current stream's chat. `body` is already validated
 * (1–500 characters, trimmed); it is stored and shown as plain text.
 */
export async function postChatMessage(options: {
  db: AppDatabase;
  pubsub: PubSub;
  member: { id: string; name: string };
  /** The stream the member is watching; refused if it is no longer the current one. */
  streamId?: string;
  body: string;
  now?: Date;
}): Promise<PostChatResult> {
  const { db, member } = options;
  const stream = await findCurrentStream(db);
  if (!stream) return { ok: false, error: "noStream" };
  if (options.streamId && options.streamId !== stream.id) return { ok: false, error: "streamEnded" };
  if (!stream.chatEnabled) return { ok: false, error: "chatOff" };
  const mute = await findChatMute(db, member.id, options.now);
  if (mute) return { ok: false, error: "muted", mutedUntil: mute.until };
  for (const [name, rule] of Object.entries(chatRateLimits)) {
    const limit = await consumeRateLimit(db, `live-chat:${name}:${member.id}`, rule);
    if (!limit.allowed) return { ok: false, error: "rateLimited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const [row] = await db
    .insert(liveChatMessages)
    .values({
      streamId: stream.id,
      userId: member.id,
      authorName: (member.name.trim() || "?").slice(0, AUTHOR_MAX),
      body: options.body,
    })
    .returning();
  const message = toChatMessageView(row!);
  await publishChatEvent(options.pubsub, stream.id, { type: "message", message });
  return { ok: true, message };
}
