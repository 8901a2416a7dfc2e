import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { createDiscussionThread } from "./create-discussion-thread.server";
import { findVisibleReply, findVisibleThread } from "./find-visible-thread.server";
import { postDiscussionReply } from "./post-discussion-reply.server";
import { deleteOwnDiscussionItem } from "./delete-own-discussion-item.server";
import { reportDiscussionItem } from "./report-discussion-item.server";
import { discussionsTranslator } from "./discussions-translation";
import {
  issueKeys,
  MAX_BODY,
  MAX_REASON,
  MAX_REPLY,
  MAX_TITLE,
  replyPostLimit,
  reportLimit,
  threadHref,
  threadPostLimit,
  type DiscussionsActionData,
} from "./discussion-views";
import { ZOwnDelete, ZReplyInput, ZReportInput, ZThreadInput } from "./discussion-input.server";

export interface DiscussionsOutcome {
  status: number;
  data: DiscussionsActionData;
  headers?: HeadersInit;
}

const INTENTS = ["discussions-post", "discussions-reply", "discussions-report", "discussions-delete"] as const;
type Intent = (typeof INTENTS)[number];
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The form as plain strings; a file or a control character makes it an invalid request. */
function formRecord(form: FormData): Record<string, string> | null {
  const record: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || CONTROL_CHARACTER.test(value)) return null;
    record[key] = value;
  }
  return record;
}

/**
 * Every member post about discussions, from /community and from a thread's page: start a
 * topic, reply, report (once per member and item), delete one's own thread or reply. Visitors
 * get 401; an item the member may not see answers 404, so an id reveals nothing.
 */
export async function runDiscussionsPost({
  request,
  form,
  intent: rawIntent,
  now,
}: {
  request: Request;
  form: FormData;
  intent: string;
  now?: Date;
}): Promise<DiscussionsOutcome> {
  const { db, language } = getRequestContext(request);
  const t = discussionsTranslator(language);
  const input = formRecord(form);
  const intent: Intent | null = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as Intent) : null;
  const answer = (status: number, message: string, extra: Partial<DiscussionsActionData> = {}): DiscussionsOutcome => ({
    status,
    data: { ok: status < 300, intent, message, fieldErrors: {}, ...extra },
  });
  if (!input || !intent) return answer(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  if (!session) return answer(401, t("errors.signInRequired"));
  const withHeaders = (o: DiscussionsOutcome): DiscussionsOutcome => ({ ...o, headers: session.headers });
  const userId = session.member.id;
  const authorName = session.member.name.trim() || t("memberFallback");
  const limited = async (key: string, rule: RateLimitRule) => {
    const limit = await consumeRateLimit(db, `discussions:${key}:user:${userId}`, rule);
    return limit.allowed
      ? null
      : withHeaders(answer(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) })));
  };
  const max: Record<string, number> = { title: MAX_TITLE, body: intent === "discussions-reply" ? MAX_REPLY : MAX_BODY, reason: MAX_REASON };
  const invalid = (issues: Parameters<typeof issueKeys>[0], known: readonly string[]) => {
    const keys = issueKeys(issues, known);
    const fieldErrors: Record<string, string> = {};
    for (const [field, key] of Object.entries(keys)) fieldErrors[field] = t(`errors.${key as "invalidRequest"}`, { max: max[field] ?? 0 });
    return withHeaders(
      answer(400, Object.values(fieldErrors)[0] ?? t("errors.invalidRequest"), { fieldErrors, id: input.threadId ?? input.id }),
    );
  };

  switch (intent) {
    case "discussions-post": {
      const parsed = ZThreadInput.safeParse({ title: input.title ?? "", body: input.body ?? "" });
      if (!parsed.success) return invalid(parsed.error.issues, ["titleRequired", "titleTooLong", "bodyRequired", "bodyTooLong"]);
      const refused = await limited("post", threadPostLimit);
      if (refused) return refused;
      const row = await createDiscussionThread({ db, userId, authorName, language, title: parsed.data.title, body: parsed.data.body, now });
      const published = row.status === "approved";
      return withHeaders(
        answer(200, published ? t("form.published") : t("form.pending"), {
          id: row.id,
          href: published ? threadHref(row.id, language) : undefined,
        }),
      );
    }
    case "discussions-reply": {
      const parsed = ZReplyInput.safeParse({ threadId: input.threadId ?? "", body: input.body ?? "" });
      if (!parsed.success) {
        if (parsed.error.issues.some((i) => i.path[0] === "threadId")) return withHeaders(answer(400, t("errors.invalidRequest")));
        return invalid(parsed.error.issues, ["replyRequired", "replyTooLong"]);
      }
      const thread = await findVisibleThread(db, parsed.data.threadId, userId);
      if (!thread || thread.status !== "approved") return withHeaders(answer(404, t("errors.notFound")));
      if (thread.locked) return withHeaders(answer(409, t("errors.locked"), { id: thread.id }));
      const refused = await limited("reply", replyPostLimit);
      if (refused) return refused;
      const result = await postDiscussionReply({
        db,
        threadId: thread.id,
        userId,
        authorName,
        body: parsed.data.body,
        siteUrl: siteUrl(getEnv()),
        now,
      });
      if (!result.ok)
        return withHeaders(
          result.reason === "locked" ? answer(409, t("errors.locked"), { id: thread.id }) : answer(404, t("errors.notFound")),
        );
      return withHeaders(answer(200, t("thread.replied"), { id: result.id }));
    }
    case "discussions-report": {
      const parsed = ZReportInput.safeParse(input);
      if (!parsed.success) {
        if (parsed.error.issues.some((i) => i.path[0] === "reason"))
          return invalid(
            parsed.error.issues.filter((i) => i.path[0] === "reason"),
            ["reasonTooLong"],
          );
        return withHeaders(answer(400, t("errors.invalidRequest")));
      }
      const { kind, id, reason } = parsed.data;
      const visible = kind === "thread" ? await findVisibleThread(db, id, userId) : await findVisibleReply(db, id);
      if (!visible || ("status" in visible && visible.status !== "approved")) return withHeaders(answer(404, t("errors.notFound"), { id }));
      const refused = await limited("report", reportLimit);
      if (refused) return refused;
      const result = await reportDiscussionItem({ db, kind, id, userId, reason });
      return withHeaders(answer(200, result.counted ? t("thread.reported") : t("thread.alreadyReported"), { id }));
    }
    case "discussions-delete": {
      const parsed = ZOwnDelete.safeParse(input);
      if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
      const result = await deleteOwnDiscussionItem({ db, kind: parsed.data.kind, id: parsed.data.id, userId });
      if (!result.deleted) return withHeaders(answer(404, t("errors.notFound"), { id: parsed.data.id }));
      return withHeaders(
        answer(200, parsed.data.kind === "reply" ? t("thread.replyDeleted") : t("thread.threadDeleted"), { id: parsed.data.id }),
      );
    }
  }
}
