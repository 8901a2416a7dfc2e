import { and, eq, isNull } from "drizzle-orm";
import { liveStreams } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { PubSub } from "~/server/pubsub.server";
import { publishChatEvent } from "./publish-chat-event.server";

export type StreamChange = { kind: "end" } | { kind: "chat"; enabled: boolean };

/**
 * Ends the current stream (its chat history stays) or turns its chat on or off; viewers are
 * told at once. Only the current stream can change: an ended one is read-only.
 */
export async function updateLiveStream(options: {
  db: AppDatabase;
  pubsub: PubSub;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip?: string | null;
  streamId: string;
  change: StreamChange;
}): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  const { db, actor, change, streamId } = options;
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ chatEnabled: liveStreams.chatEnabled })
      .from(liveStreams)
      .where(and(eq(liveStreams.id, streamId), isNull(liveStreams.endedAt)))
      .for("update");
    if (!before) return null;
    const now = new Date();
    const set = change.kind === "end" ? { endedAt: now, updatedAt: now } : { chatEnabled: change.enabled, updatedAt: now };
    const [row] = await tx
      .update(liveStreams)
      .set(set)
      .where(eq(liveStreams.id, streamId))
      .returning({ chatEnabled: liveStreams.chatEnabled, endedAt: liveStreams.endedAt });
    await bumpContentVersion(tx);
    await recordAudit({
      db: tx,
      actor,
      ipAddress: options.ip,
      entry:
        change.kind === "end"
          ? { action: "live_stream.end", entityType: "live_stream", entityId: streamId, after: { endedAt: now.toISOString() } }
          : { action: "live_stream.chat", entityType: "live_stream", entityId: streamId, before, after: { chatEnabled: change.enabled } },
    });
    return row!;
  });
  if (!updated) return { ok: false, error: "notFound" };
  await publishChatEvent(options.pubsub, streamId, { type: "status", chatEnabled: updated.chatEnabled, ended: updated.endedAt !== null });
  return { ok: true };
}
