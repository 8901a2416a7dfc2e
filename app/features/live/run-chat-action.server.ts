import { z } from "zod";
import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getPubSub } from "~/server/pubsub.server";
import { getRequestContext } from "~/server/request-context.server";
import { CHAT_BODY_MAX, MUTE_DURATIONS, type ChatMessageView } from "./chat-events";
import { deleteChatMessage } from "./delete-chat-message.server";
import { formatServiceWhen } from "./format-chat-time";
import { muteChatMember } from "./mute-chat-member.server";
import { postChatMessage, type PostChatError } from "./post-chat-message.server";
import { unmuteChatMember } from "./unmute-chat-member.server";
import { watchTranslator } from "./watch-translation";

/** What POST /watch/chat answers, as JSON: the saved message, or a translated refusal. */
export type ChatActionData = { ok: true; message?: ChatMessageView; notice?: string } | { ok: false; error: string };

export interface ChatActionOutcome {
  status: number;
  data: ChatActionData;
  headers?: Headers;
}

const ZPost = z.object({
  intent: z.literal("post"),
  streamId: z.uuid().optional(),
  body: z.string().trim(),
});
const ZDelete = z.object({ intent: z.literal("delete"), messageId: z.uuid() });
const ZMute = z.object({ intent: z.literal("mute"), messageId: z.uuid(), duration: z.enum(MUTE_DURATIONS) });
const ZUnmute = z.object({ intent: z.literal("unmute"), userId: z.string().min(1).max(200) });
const ZChatInput = z.discriminatedUnion("intent", [ZPost, ZDelete, ZMute, ZUnmute]);

const postErrorStatus: Record<PostChatError, number> = {
  noStream: 409,
  streamEnded: 409,
  chatOff: 403,
  muted: 403,
  rateLimited: 429,
};

/** POST /watch/chat: a member posts; a moderator (role admin or moderator) deletes, mutes or unmutes. */
export async function runChatAction({ request }: { request: Request }): Promise<ChatActionOutcome> {
  const { db, language } = getRequestContext(request);
  const t = watchTranslator(language);
  const fail = (status: number, error: string, headers?: Headers): ChatActionOutcome => ({ status, data: { ok: false, error }, headers });

  const raw = await readInput(request);
  const parsed = raw ? ZChatInput.safeParse(raw) : null;
  if (!parsed?.success) return fail(400, t("errors.invalidRequest"));
  const input = parsed.data;
  if (input.intent === "post") {
    // Validated before the session so a bad form says what is wrong even to a guest.
    if (input.body.length === 0) return fail(400, t("errors.empty"));
    if (input.body.length > CHAT_BODY_MAX) return fail(400, t("errors.tooLong"));
  }

  const session = await getCurrentMember({ db, request });
  if (!session) return fail(401, t("errors.signInRequired"));
  const headers = session.headers;
  const { member } = session;
  const pubsub = getPubSub();

  if (input.intent === "post") {
    const result = await postChatMessage({ db, pubsub, member, streamId: input.streamId, body: input.body });
    if (result.ok) return { status: 201, data: { ok: true, message: result.message }, headers };
    if (result.error === "rateLimited") return fail(429, t("errors.rateLimited", { seconds: result.retryAfterSeconds ?? 10 }), headers);
    if (result.error === "muted") {
      const message = result.mutedUntil
        ? t("errors.mutedUntil", { until: formatServiceWhen(result.mutedUntil.toISOString(), language, await churchTimeZone(db)) })
        : t("errors.mutedIndefinitely");
      return fail(403, message, headers);
    }
    return fail(postErrorStatus[result.error], t(`errors.${result.error}`), headers);
  }

  if (!member.roles.some((role) => role === "admin" || role === "moderator")) return fail(403, t("errors.forbidden"), headers);
  const moderator = { userId: member.id, name: member.name, ip: clientIp(request) };
  if (input.intent === "delete") {
    const result = await deleteChatMessage({ db, pubsub, moderator, messageId: input.messageId });
    return result.ok ? { status: 200, data: { ok: true, notice: t("chat.deleted") }, headers } : fail(404, t("errors.notFound"), headers);
  }
  if (input.intent === "mute") {
    const result = await muteChatMember({ db, moderator, messageId: input.messageId, duration: input.duration });
    if (!result.ok)
      return fail(result.error === "self" ? 400 : 404, t(result.error === "self" ? "errors.muteSelf" : "errors.notFound"), headers);
    return { status: 200, data: { ok: true, notice: t("chat.muted", { name: result.authorName }) }, headers };
  }
  const result = await unmuteChatMember({ db, moderator, userId: input.userId });
  return result.ok ? { status: 200, data: { ok: true }, headers } : fail(404, t("errors.notFound"), headers);
}
