import { liveStreams } from "~/db/schema";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import type { StreamSource } from "./stream-source";
import { isUniqueViolation } from "~/server/db-errors.server";

export interface StartStreamInput {
  titleEn: string;
  titleEs: string | null;
  source: StreamSource;
  chatEnabled: boolean;
}

/** Starts the current stream; refused while another one is on (the unique index decides). */
export async function startLiveStream(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip?: string | null;
  input: StartStreamInput;
}): Promise<{ ok: true; id: string } | { ok: false; error: "alreadyLive" }> {
  const { db, actor, input } = options;
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(liveStreams)
        .values({
          titleEn: input.titleEn,
          titleEs: input.titleEs,
          provider: input.source.provider,
          youtubeVideoId: input.source.provider === "youtube" ? input.source.youtubeVideoId : null,
          hlsUrl: input.source.provider === "hls" ? input.source.hlsUrl : null,
          chatEnabled: input.chatEnabled,
          startedBy: actor.userId,
        })
        .returning({ id: liveStreams.id });
      // /watch and the home page change with the stream.
      await bumpContentVersion(tx);
      await recordAudit({
        db: tx,
        actor,
        ipAddress: options.ip,
        entry: {
          action: "live_stream.start",
          entityType: "live_stream",
          entityId: row!.id,
          after: { titleEn: input.titleEn, titleEs: input.titleEs, ...input.source, chatEnabled: input.chatEnabled },
        },
      });
      return row!.id;
    });
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "alreadyLive" };
    throw error;
  }
}
