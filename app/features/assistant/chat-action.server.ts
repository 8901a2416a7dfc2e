import { z } from "zod";
import { clientIp } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import type { Language } from "~/i18n/config";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { answerQuestion, type AnswerSource } from "./answer-question";
import { getAssistantKnowledge } from "./assistant-knowledge.server";
import { assistantTranslator } from "./assistant-translation";
import { assistantSystemPrompt, configuredAssistantProvider, streamAiAnswer, type AssistantAiProvider } from "./stream-ai-answer.server";

export const MAX_MESSAGE = 1000;
export const MAX_HISTORY = 20;
export const MAX_HISTORY_ITEM = 2000;
/** Questions per member and per IP (the IP limit is scaled by RATE_LIMIT_IP_SCALE). */
export const chatLimit: RateLimitRule = { limit: 20, windowSeconds: 600 };

const ZBody = z.object({
  message: z
    .string("invalid")
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "empty").max(MAX_MESSAGE, "tooLong")),
  conversationHistory: z
    .array(
      z.object(
        { role: z.enum(["user", "assistant"], "history"), content: z.string("history").max(MAX_HISTORY_ITEM, "history") },
        "history",
      ),
      "history",
    )
    .max(MAX_HISTORY, "history")
    .default([]),
});

const translators = { en: assistantTranslator("en"), es: assistantTranslator("es") } satisfies Record<Language, unknown>;

export type ChatLine =
  { type: "delta"; text: string } | { type: "done"; reply: string; sources: AnswerSource[] } | { type: "error"; error: string };

const jsonError = (status: number, error: string, headers?: Headers) => {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(JSON.stringify({ error }), { status, headers: h });
};

/**
 * POST /assistant/chat: validates the question and the bounded history, applies the per-member
 * and per-IP limits, and streams NDJSON lines: the model's deltas when an AI provider is
 * configured, then one `done` line with the authoritative reply and its sources (the answer
 * from the church's own data whenever the model fails). Nothing is stored.
 */
export async function handleAssistantChat({
  request,
  provider,
  now,
}: {
  request: Request;
  provider?: AssistantAiProvider | null;
  now?: Date;
}): Promise<Response> {
  const { db, language } = getRequestContext(request);
  const t = translators[language];
  if (request.method !== "POST") return jsonError(405, t("answers.errors.invalid"));
  if (Number(request.headers.get("content-length") ?? 0) > 100_000) return jsonError(400, t("answers.errors.history"));
  let raw: unknown;
  try {
    const text = await request.text();
    if (text.length > 100_000) return jsonError(400, t("answers.errors.history"));
    raw = JSON.parse(text);
  } catch {
    return jsonError(400, t("answers.errors.invalid"));
  }
  const parsed = ZBody.safeParse(raw);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message;
    if (code === "empty") return jsonError(400, t("answers.errors.empty"));
    if (code === "tooLong") return jsonError(400, t("answers.errors.tooLong", { max: MAX_MESSAGE }));
    if (code === "history" || parsed.error.issues[0]?.path[0] === "conversationHistory") return jsonError(400, t("answers.errors.history"));
    return jsonError(400, t("answers.errors.invalid"));
  }

  const session = await getCurrentMember({ db, request }).catch(() => null);
  const headers = new Headers(session?.headers);
  const limited = async (key: string, scale: number) => {
    const result = await consumeRateLimit(db, key, { ...chatLimit, limit: chatLimit.limit * scale });
    return result.allowed ? null : t("answers.errors.rateLimited", { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) });
  };
  const refusal =
    (session ? await limited(`assistant:chat:user:${session.member.id}`, 1) : null) ??
    (await limited(`assistant:chat:ip:${clientIp(request)}`, getEnv().RATE_LIMIT_IP_SCALE));
  if (refusal) return jsonError(429, refusal, headers);

  const { message, conversationHistory } = parsed.data;
  const knowledge = await getAssistantKnowledge(db, now);
  const useProvider = provider === undefined ? configuredAssistantProvider() : provider;
  const encoder = new TextEncoder();
  const line = (l: ChatLine) => encoder.encode(`${JSON.stringify(l)}\n`);

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const embedded = answerQuestion({ knowledge, question: message, language, translators });
        let reply = embedded.reply;
        if (useProvider) {
          const system = assistantSystemPrompt({
            churchName: knowledge.church.name[embedded.language],
            language: embedded.language,
            facts: embedded.facts,
          });
          const ai = await streamAiAnswer({
            provider: useProvider,
            system,
            history: conversationHistory,
            message,
            onDelta: (text) => controller.enqueue(line({ type: "delta", text })),
          });
          if (ai) reply = ai;
        }
        controller.enqueue(line({ type: "done", reply, sources: embedded.sources }));
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "assistant: answering failed");
        controller.enqueue(line({ type: "error", error: t("answers.errors.failed") }));
      } finally {
        controller.close();
      }
    },
  });
  headers.set("content-type", "application/x-ndjson; charset=utf-8");
  headers.set("cache-control", "no-store");
  headers.set("x-content-type-options", "nosniff");
  return new Response(stream, { status: 200, headers });
}
