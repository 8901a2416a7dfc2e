import { eq } from "drizzle-orm";
import { liveChatMutes } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { ChatModerator } from "./delete-chat-message.server";

/** Lifts a member's mute. */
export async function unmuteChatMember(options: {
  db: AppDatabase;
  moderator: ChatModerator;
  userId: string;
}): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  const { db, moderator } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(liveChatMutes).where(eq(liveChatMutes.userId, options.userId)).returning();
    if (!row) return { ok: false as const, error: "notFound" as const };
    await recordAudit({
      db: tx,
      actor: moderator,
      ipAddress: moderator.ip,
      entry: {
        action: "live_chat.member.unmute",
        entityType: "user",
        entityId: row.userId,
        before: { expiresAt: row.expiresAt?.toISOString() ?? null },
      },
    });
    return { ok: true as const };
  });
}
