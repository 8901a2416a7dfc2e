import { z } from "zod";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { createPrayerRequest } from "./create-prayer-request.server";
import { findVisibleRequest } from "./find-visible-request.server";
import { deleteOwnPrayerRequest, markPrayerAnswered } from "./manage-own-request.server";
import { prayForRequest } from "./pray-for-request.server";
import { prayerTranslator } from "./prayer-translation";
import { MAX_BODY, MAX_PRAISE, MAX_TITLE, prayerPostLimit, type PrayerActionData } from "./prayer-views";
import { ZPrayerRequestInput } from "./prayer-input.server";
import { reportPrayerRequest } from "./report-prayer-request.server";
import { openedPubSub, publishPrayingCount } from "./stream-praying-counts.server";

const INTENTS = ["post", "pray", "report", "answer", "delete"] as const;
type Intent = (typeof INTENTS)[number];
const ZId = z.object({ id: z.uuid() });
const ZAnswer = z.object({ id: z.uuid(), praiseReport: z.string().trim().max(MAX_PRAISE).optional().default("") });

export interface PrayerOutcome {
  status: number;
  data: PrayerActionData;
  headers?: Headers;
}

/**
 * POST /prayer: post a request, pray, report, or (the author's own) mark answered / delete.
 * A request the member may not see on the wall answers 404 for pray and report, so a private
 * request's id reveals nothing.
 */
export async function runPrayerAction({ request, now }: { request: Request; now?: Date }): Promise<PrayerOutcome> {
  const { db, language } = getRequestContext(request);
  const t = prayerTranslator(language);
  const input = await readInput(request);
  const intent: Intent | null =
    typeof input?.intent === "string" && (INTENTS as readonly string[]).includes(input.intent) ? (input.intent as Intent) : null;
  const id = typeof input?.id === "string" ? input.id : undefined;
  const answer = (status: number, message: string, extra: Partial<PrayerActionData> = {}): PrayerOutcome => ({
    status,
    data: { ok: status < 300, intent, id, message, fieldErrors: {}, ...extra },
  });
  if (!input || !intent) return answer(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  if (!session) return answer(401, t("errors.signInRequired"));
  const withHeaders = (o: PrayerOutcome): PrayerOutcome => ({ ...o, headers: session.headers });
  const userId = session.member.id;
  const at = now ?? new Date();

  switch (intent) {
    case "post": {
      const parsed = ZPrayerRequestInput.safeParse(input);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        const max: Record<string, number> = { title: MAX_TITLE, body: MAX_BODY };
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? "");
          const key =
            (["titleTooLong", "bodyRequired", "bodyTooLong", "category", "visibility"] as const).find((k) => k === issue.message) ??
            (field === "body" ? "bodyRequired" : null);
          if (key && !fieldErrors[field]) fieldErrors[field] = t(`errors.${key}`, { max: max[field] ?? 0 });
        }
        const first = Object.values(fieldErrors)[0] ?? t("errors.invalidRequest");
        return withHeaders(answer(400, first, { fieldErrors }));
      }
      const limit = await consumeRateLimit(db, `prayer:post:user:${userId}`, prayerPostLimit);
      if (!limit.allowed)
        return withHeaders(answer(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) })));
      const row = await createPrayerRequest({
        db,
        userId,
        authorName: session.member.name,
        language,
        input: {
          title: parsed.data.title,
          body: parsed.data.body,
          category: parsed.data.category,
          visibility: parsed.data.visibility,
          anonymous: parsed.data.anonymous === "on" || parsed.data.anonymous === "true",
          notifyOnPrayer: parsed.data.notify === "on" || parsed.data.notify === "true",
        },
        now,
      });
      const message =
        row.visibility === "private" ? t("form.privateSent") : row.status === "approved" ? t("form.posted") : t("form.pending");
      return withHeaders({ status: 200, data: { ok: true, intent, id: row.id, message, fieldErrors: {} } });
    }
    case "pray":
    case "report": {
      const parsed = ZId.safeParse(input);
      if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
      const visible = await findVisibleRequest(db, parsed.data.id, true, at);
      if (!visible) return withHeaders(answer(404, t("errors.notFound")));
      if (intent === "report") {
        await reportPrayerRequest({ db, requestId: visible.id, userId });
        return withHeaders(answer(200, t("result.reported")));
      }
      const result = await prayForRequest({ db, requestId: visible.id, userId, siteUrl: siteUrl(getEnv()), now });
      if (result.counted && visible.visibility !== "private") {
        await publishPrayingCount(openedPubSub(), { id: visible.id, count: result.prayingCount, visibility: visible.visibility });
      }
      return withHeaders(answer(200, t("result.praying"), { prayingCount: result.prayingCount }));
    }
    case "answer": {
      const parsed = ZAnswer.safeParse(input);
      if (!parsed.success)
        return withHeaders(
          answer(
            400,
            parsed.error.issues.some((i) => i.path[0] === "praiseReport")
              ? t("errors.praiseTooLong", { max: MAX_PRAISE })
              : t("errors.invalidRequest"),
          ),
        );
      const done = await markPrayerAnswered({ db, requestId: parsed.data.id, userId, praiseReport: parsed.data.praiseReport, now });
      return withHeaders(done ? answer(200, t("mine.answered")) : answer(404, t("errors.notFound")));
    }
    case "delete": {
      const parsed = ZId.safeParse(input);
      if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
      const done = await deleteOwnPrayerRequest({ db, requestId: parsed.data.id, userId });
      return withHeaders(done ? answer(200, t("mine.deleted")) : answer(404, t("errors.notFound")));
    }
  }
}
