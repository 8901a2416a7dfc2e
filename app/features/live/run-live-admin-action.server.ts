import { z } from "zod";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getPubSub } from "~/server/pubsub.server";
import { MUTE_DURATIONS } from "./chat-events";
import { deleteChatMessage } from "./delete-chat-message.server";
import { muteChatMember } from "./mute-chat-member.server";
import { startLiveStream } from "./start-live-stream.server";
import { parseStreamSource } from "./stream-source";
import { unmuteChatMember } from "./unmute-chat-member.server";
import { updateLiveStream } from "./update-live-stream.server";
import type { WatchStrings } from "~/i18n/locales/en/watch";

type AdminMessageKey = `admin.messages.${keyof WatchStrings["admin"]["messages"]}`;

/** What the admin page shows after an action: a translated notice (key + values) and field errors. */
export interface LiveAdminActionData {
  ok: boolean;
  message: { key: AdminMessageKey; values?: Record<string, string> };
  fieldErrors?: Partial<Record<"titleEn" | "titleEs" | "source", AdminMessageKey>>;
  values?: { titleEn: string; titleEs: string; source: string };
}

const ZStart = z.object({
  intent: z.literal("start"),
  titleEn: z.string().trim(),
  titleEs: z.string().trim().optional().default(""),
  source: z.string().trim(),
  chatEnabled: z.string().optional(),
});
const ZStreamChange = z.object({ intent: z.enum(["end", "chat-on", "chat-off"]), streamId: z.uuid(), confirm: z.string().optional() });
const ZDelete = z.object({ intent: z.literal("delete"), messageId: z.uuid() });
const ZMute = z.object({ intent: z.literal("mute"), messageId: z.uuid(), duration: z.enum(MUTE_DURATIONS) });
const ZUnmute = z.object({ intent: z.literal("unmute"), userId: z.string().min(1).max(200) });
const ZInput = z.union([ZStart, ZStreamChange, ZDelete, ZMute, ZUnmute]);

/** POST /admin/live (scope "live"): start, end, chat on/off, delete, mute, unmute. Each is audit-logged. */
export async function runLiveAdminAction(ctx: AdminContext, request: Request): Promise<{ status: number; data: LiveAdminActionData }> {
  const fail = (status: number, key: AdminMessageKey, extra: Partial<LiveAdminActionData> = {}) => ({
    status,
    data: { ok: false, message: { key }, ...extra },
  });
  const done = (key: AdminMessageKey, values?: Record<string, string>) => ({ status: 200, data: { ok: true, message: { key, values } } });
  const raw = await readInput(request);
  const parsed = raw ? ZInput.safeParse(raw) : null;
  if (!parsed?.success) return fail(400, "admin.messages.invalidRequest");
  const input = parsed.data;
  const actor = ctx.admin;
  const moderator = { userId: actor.userId, name: actor.name, ip: ctx.ip };
  const pubsub = getPubSub();

  switch (input.intent) {
    case "start": {
      const fieldErrors: LiveAdminActionData["fieldErrors"] = {};
      if (input.titleEn.length === 0 || input.titleEn.length > 200) fieldErrors.titleEn = "admin.messages.titleRequired";
      if (input.titleEs.length > 200) fieldErrors.titleEs = "admin.messages.titleEsTooLong";
      const source = parseStreamSource(input.source);
      if (!source) fieldErrors.source = "admin.messages.invalidSource";
      const values = { titleEn: input.titleEn.slice(0, 300), titleEs: input.titleEs.slice(0, 300), source: input.source.slice(0, 2100) };
      if (!source || Object.keys(fieldErrors).length > 0) {
        return fail(400, Object.values(fieldErrors)[0] ?? "admin.messages.invalidRequest", { fieldErrors, values });
      }
      const result = await startLiveStream({
        db: ctx.db,
        actor,
        ip: ctx.ip,
        input: {
          titleEn: input.titleEn,
          titleEs: input.titleEs || null,
          source,
          chatEnabled: input.chatEnabled === "on" || input.chatEnabled === "true",
        },
      });
      return result.ok ? done("admin.messages.started") : fail(409, "admin.messages.alreadyLive", { values });
    }
    case "end":
    case "chat-on":
    case "chat-off": {
      if (input.intent === "end" && input.confirm !== "yes") return fail(400, "admin.messages.invalidRequest");
      const change = input.intent === "end" ? ({ kind: "end" } as const) : ({ kind: "chat", enabled: input.intent === "chat-on" } as const);
      const result = await updateLiveStream({ db: ctx.db, pubsub, actor, ip: ctx.ip, streamId: input.streamId, change });
      if (!result.ok) return fail(404, "admin.messages.notFound");
      return done(
        input.intent === "end" ? "admin.messages.ended" : input.intent === "chat-on" ? "admin.messages.chatOn" : "admin.messages.chatOff",
      );
    }
    case "delete": {
      const result = await deleteChatMessage({ db: ctx.db, pubsub, moderator, messageId: input.messageId });
      return result.ok ? done("admin.messages.deleted") : fail(404, "admin.messages.notFound");
    }
    case "mute": {
      const result = await muteChatMember({ db: ctx.db, moderator, messageId: input.messageId, duration: input.duration });
      if (!result.ok)
        return fail(result.error === "self" ? 400 : 404, result.error === "self" ? "admin.messages.muteSelf" : "admin.messages.notFound");
      return done("admin.messages.muted", { name: result.authorName });
    }
    case "unmute": {
      const result = await unmuteChatMember({ db: ctx.db, moderator, userId: input.userId });
      return result.ok ? done("admin.messages.unmuted") : fail(404, "admin.messages.notFound");
    }
  }
}
