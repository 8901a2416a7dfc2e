import { eq } from "drizzle-orm";
import { liveChatMessages, liveChatMutes } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { muteExpiry, type MuteDuration } from "./chat-events";
import type { ChatModerator } from "./delete-chat-message.server";

export type MuteError = "notFound" | "self";

/** Mutes the author of a chat message for a while or until unmuted (a second mute replaces the first). */
export async function muteChatMember(options: {
  db: AppDatabase;
  moderator: ChatModerator;
  messageId: string;
  duration: MuteDuration;
  now?: Date;
}): Promise<{ ok: true; userId: string; authorName: string; until: Date | null } | { ok: false; error: MuteError }> {
  const { db, moderator } = options;
  const now = options.now ?? new Date();
  const [message] = await db
    .select({ userId: liveChatMessages.userId, authorName: liveChatMessages.authorName })
    .from(liveChatMessages)
    .where(eq(liveChatMessages.id, options.messageId))
    .limit(1);
  if (!message?.userId) return { ok: false, error: "notFound" };
  if (message.userId === moderator.userId) return { ok: false, error: "self" };
  const userId = message.userId;
  const until = muteExpiry(options.duration, now);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(liveChatMutes).where(eq(liveChatMutes.userId, userId)).limit(1);
    await tx
      .insert(liveChatMutes)
      .values({ userId, mutedBy: moderator.userId, expiresAt: until, createdAt: now })
      .onConflictDoUpdate({ target: liveChatMutes.userId, set: { mutedBy: moderator.userId, expiresAt: until, createdAt: now } });
    await recordAudit({
      db: tx,
      actor: moderator,
      ipAddress: moderator.ip,
      entry: {
        action: "live_chat.member.mute",
        entityType: "user",
        entityId: userId,
        before: before ? { expiresAt: before.expiresAt?.toISOString() ?? null } : undefined,
        after: { name: message.authorName, duration: options.duration, expiresAt: until?.toISOString() ?? null },
      },
    });
  });
  return { ok: true, userId, authorName: message.authorName, until };
}
