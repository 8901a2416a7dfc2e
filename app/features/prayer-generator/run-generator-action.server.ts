import { z } from "zod";
import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { createPrayerRequest } from "~/features/prayer/create-prayer-request.server";
import { prayerPostLimit } from "~/features/prayer/prayer-views";
import { getEnv } from "~/server/env.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import type { AiProvider } from "./ask-ai-for-prayer.server";
import { generatePrayer } from "./generate-prayer.server";
import { generatorTranslator } from "./generator-translation";
import {
  composeLimit,
  MAX_NAME,
  MAX_WORDS,
  saveLimit,
  TOPIC_CATEGORY,
  type ComposedPrayer,
  type GeneratorActionData,
} from "./generator-views";
import { ZComposeInput, ZPrayerEcho } from "./generator-input.server";
import { deleteSavedPrayer, savePrayer } from "./manage-saved-prayers.server";

const INTENTS = ["compose", "save", "delete-saved", "post-wall"] as const;
type Intent = (typeof INTENTS)[number];
const ERROR_KEYS = [
  "topic",
  "nameTooLong",
  "wordsTooLong",
  "language",
  "bodyRequired",
  "bodyTooLong",
  "visibility",
  "invalidRequest",
] as const;
const ZId = z.object({ id: z.uuid() });
const ZPost = ZPrayerEcho.extend({
  visibility: z.enum(["public", "members", "private"], "visibility"),
  anonymous: z.string().optional(),
});

export interface GeneratorOutcome {
  status: number;
  data: GeneratorActionData;
  headers?: Headers;
}

const str = (input: Record<string, unknown> | null, key: string, max: number) => {
  const v = input?.[key];
  return typeof v === "string" ? v.slice(0, max) : "";
};

/** The prayer a save or post carried back, to keep showing it. */
function echoed(data: z.infer<typeof ZPrayerEcho>, source: unknown): ComposedPrayer {
  return {
    topic: data.topic,
    language: data.language,
    paragraphs: data.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    scriptures: data.scriptures.map((reference) => ({ reference, verse: null })),
    source: source === "ai" ? "ai" : "library",
  };
}

/**
 * POST /prayer-generator: compose (anyone; rate-limited per IP since it may call the AI
 * provider), and for signed-in members save to their prayers, delete a saved one, or post the
 * prayer to the prayer wall through the wall's own operation (moderation, expiry, limits).
 */
export async function runGeneratorAction({
  request,
  now,
  provider,
  random,
}: {
  request: Request;
  now?: Date;
  provider?: AiProvider | null;
  random?: () => number;
}): Promise<GeneratorOutcome> {
  const { db, language } = getRequestContext(request);
  const t = generatorTranslator(language);
  const input = await readInput(request);
  const intent: Intent | null =
    typeof input?.intent === "string" && (INTENTS as readonly string[]).includes(input.intent) ? (input.intent as Intent) : null;
  const values = {
    topic: str(input, "topic", 40),
    name: str(input, "name", 200),
    words: str(input, "words", 1000),
    language: str(input, "language", 5),
  };
  const answer = (status: number, message: string, extra: Partial<GeneratorActionData> = {}): GeneratorOutcome => ({
    status,
    data: { ok: status < 300, intent, message, fieldErrors: {}, values, ...extra },
  });
  const fieldErrorsOf = (issues: z.core.$ZodIssue[]) => {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const field = String(issue.path[0] ?? "");
      const key = ERROR_KEYS.find((k) => k === issue.message) ?? "invalidRequest";
      fieldErrors[field] ??= t(`errors.${key}`, { max: field === "name" ? MAX_NAME : MAX_WORDS });
    }
    return fieldErrors;
  };
  const limited = async (key: string, rule: RateLimitRule) => {
    const scale = key.includes(":ip:") ? getEnv().RATE_LIMIT_IP_SCALE : 1;
    const result = await consumeRateLimit(db, key, { ...rule, limit: rule.limit * scale });
    return result.allowed ? null : t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) });
  };
  if (!input || !intent) return answer(400, t("errors.invalidRequest"));

  if (intent === "compose") {
    const parsed = ZComposeInput.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error.issues);
      return answer(400, t("form.errorSummary", { message: Object.values(fieldErrors)[0] ?? t("errors.invalidRequest") }), { fieldErrors });
    }
    const refusal = await limited(`generator:compose:ip:${clientIp(request)}`, composeLimit);
    if (refusal) return answer(429, refusal);
    const prayer = await generatePrayer({ db, input: parsed.data, provider, random });
    return answer(200, "", { prayer });
  }

  const session = await getCurrentMember({ db, request });
  if (!session) return answer(401, t("errors.signInRequired"));
  const withHeaders = (o: GeneratorOutcome): GeneratorOutcome => ({ ...o, headers: session.headers });
  const userId = session.member.id;

  switch (intent) {
    case "save": {
      const parsed = ZPrayerEcho.safeParse(input);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return withHeaders(answer(400, Object.values(fieldErrors)[0] ?? t("errors.invalidRequest"), { fieldErrors }));
      }
      const prayer = echoed(parsed.data, input.source);
      const refusal = await limited(`generator:save:user:${userId}`, saveLimit);
      if (refusal) return withHeaders(answer(429, refusal, { prayer }));
      await savePrayer({
        db,
        userId,
        topic: parsed.data.topic,
        language: parsed.data.language,
        body: parsed.data.body,
        scriptures: parsed.data.scriptures,
        now,
      });
      return withHeaders(answer(200, t("member.saved"), { prayer }));
    }
    case "delete-saved": {
      const parsed = ZId.safeParse(input);
      if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
      const done = await deleteSavedPrayer({ db, userId, id: parsed.data.id });
      return withHeaders(done ? answer(200, t("saved.deleted")) : answer(404, t("errors.notFound")));
    }
    case "post-wall": {
      const parsed = ZPost.safeParse(input);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return withHeaders(answer(400, Object.values(fieldErrors)[0] ?? t("errors.invalidRequest"), { fieldErrors }));
      }
      const prayer = echoed(parsed.data, input.source);
      // The same counter as posting on the wall itself.
      const refusal = await limited(`prayer:post:user:${userId}`, prayerPostLimit);
      if (refusal) return withHeaders(answer(429, refusal, { prayer }));
      const scriptures = parsed.data.scriptures.join(" · ");
      const row = await createPrayerRequest({
        db,
        userId,
        authorName: session.member.name,
        language: parsed.data.language,
        input: {
          title: "",
          body:
            scriptures && parsed.data.body.length + scriptures.length + 2 <= 4000
              ? `${parsed.data.body}\n\n${scriptures}`
              : parsed.data.body,
          category: TOPIC_CATEGORY[parsed.data.topic],
          visibility: parsed.data.visibility,
          anonymous: parsed.data.anonymous === "on" || parsed.data.anonymous === "true",
          notifyOnPrayer: true,
        },
        now,
      });
      const message =
        row.visibility === "private" ? t("member.privateSent") : row.status === "approved" ? t("member.posted") : t("member.pending");
      return withHeaders(answer(200, message, { prayer }));
    }
  }
}
