/** One chat message as every viewer sees it (no user ids: those stay on the server). */
export interface ChatMessageView {
  id: string;
  authorName: string;
  body: string;
  /** ISO timestamp. */
  createdAt: string;
}

/**
 * What travels on a stream's pub/sub channel and, unchanged, as server-sent events:
 * `event: <type>` with the JSON as `data:`.
 */
export type ChatEvent =
  { type: "message"; message: ChatMessageView } | { type: "delete"; id: string } | { type: "status"; chatEnabled: boolean; ended: boolean };

/** The pub/sub channel of one stream's chat. */
export function chatChannel(streamId: string): string {
  return `live-chat:${streamId}`;
}

/** How many earlier messages a viewer gets when they connect. */
export const CHAT_HISTORY_LIMIT = 100;
export const CHAT_BODY_MAX = 500;

/** Mute lengths a moderator can choose; `until-unmuted` has no end. */
export const MUTE_DURATIONS = ["15m", "1h", "24h", "until-unmuted"] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

const MUTE_MS: Record<Exclude<MuteDuration, "until-unmuted">, number> = {
  "15m": 15 * 60_000,
  "1h": 60 * 60_000,
  "24h": 24 * 60 * 60_000,
};

export function muteExpiry(duration: MuteDuration, now: Date): Date | null {
  return duration === "until-unmuted" ? null : new Date(now.getTime() + MUTE_MS[duration]);
}

/** Parses one event's data; null for anything that is not a chat event. */
export function parseChatEvent(raw: string): ChatEvent | null {
  try {
    const value = JSON.parse(raw) as Partial<ChatEvent> | null;
    if (!value || typeof value !== "object") return null;
    if (value.type === "message" && value.message && typeof value.message.id === "string") return value as ChatEvent;
    if (value.type === "delete" && typeof value.id === "string") return value as ChatEvent;
    if (value.type === "status" && typeof value.chatEnabled === "boolean") return value as ChatEvent;
    return null;
  } catch {
    return null;
  }
}
