import { count, desc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { liveChatMessages, liveChatMutes, liveStreams, profiles, users } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { findCurrentStream, isUuid } from "./find-live-stream.server";

export interface AdminChatMessage {
  id: string;
  authorName: string;
  /** Whether the author is still a member (a message of a deleted account can't be muted). */
  canMute: boolean;
  body: string;
  createdAt: string;
  deleted: boolean;
}

/** The most messages the moderation table and a past stream's history show (newest). */
const ADMIN_MESSAGES = 300;

async function listAdminMessages(db: AppDatabase, streamId: string): Promise<AdminChatMessage[]> {
  const rows = await db
    .select({
      id: liveChatMessages.id,
      authorName: liveChatMessages.authorName,
      userId: liveChatMessages.userId,
      body: liveChatMessages.body,
      createdAt: liveChatMessages.createdAt,
      deletedAt: liveChatMessages.deletedAt,
    })
    .from(liveChatMessages)
    .where(eq(liveChatMessages.streamId, streamId))
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(ADMIN_MESSAGES);
  return rows.reverse().map((r) => ({
    id: r.id,
    authorName: r.authorName,
    canMute: r.userId !== null,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    deleted: r.deletedAt !== null,
  }));
}

/** /admin/live: the current stream and its chat, who is muted, and the past streams. */
export async function loadLiveAdmin(options: { db: AppDatabase; language: Language; historyId: string | null; now?: Date }) {
  const { db, language } = options;
  const now = options.now ?? new Date();
  const current = await findCurrentStream(db);
  const [messages, mutes, past] = await Promise.all([
    current ? listAdminMessages(db, current.id) : Promise.resolve([]),
    db
      .select({ userId: liveChatMutes.userId, expiresAt: liveChatMutes.expiresAt, name: users.name, displayName: profiles.displayName })
      .from(liveChatMutes)
      .innerJoin(users, eq(users.id, liveChatMutes.userId))
      .leftJoin(profiles, eq(profiles.id, liveChatMutes.userId))
      .where(or(isNull(liveChatMutes.expiresAt), gt(liveChatMutes.expiresAt, now)))
      .orderBy(desc(liveChatMutes.createdAt)),
    db
      .select({
        id: liveStreams.id,
        titleEn: liveStreams.titleEn,
        titleEs: liveStreams.titleEs,
        startedAt: liveStreams.startedAt,
        endedAt: liveStreams.endedAt,
        messages: count(liveChatMessages.id),
      })
      .from(liveStreams)
      .leftJoin(liveChatMessages, eq(liveChatMessages.streamId, liveStreams.id))
      .where(isNotNull(liveStreams.endedAt))
      .groupBy(liveStreams.id)
      .orderBy(desc(liveStreams.startedAt))
      .limit(50),
  ]);
  const selected = options.historyId && isUuid(options.historyId) ? past.find((p) => p.id === options.historyId) : undefined;
  const history = selected
    ? { id: selected.id, title: localize(language, selected.titleEn, selected.titleEs), messages: await listAdminMessages(db, selected.id) }
    : null;
  return {
    current: current
      ? {
          id: current.id,
          title: localize(language, current.titleEn, current.titleEs),
          provider: current.provider,
          youtubeVideoId: current.youtubeVideoId,
          hlsUrl: current.hlsUrl,
          chatEnabled: current.chatEnabled,
          startedAt: current.startedAt.toISOString(),
        }
      : null,
    messages,
    mutes: mutes.map((m) => ({ userId: m.userId, name: m.displayName || m.name, expiresAt: m.expiresAt?.toISOString() ?? null })),
    past: past.map((p) => ({
      id: p.id,
      title: localize(language, p.titleEn, p.titleEs),
      startedAt: p.startedAt.toISOString(),
      endedAt: p.endedAt!.toISOString(),
      messages: Number(p.messages),
    })),
    history,
  };
}
