import { and, desc, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { discussionReplies, discussionReports, discussionThreads } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { ModerationOutcome } from "~/platform/admin/moderation-outcome";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { formatDiscussionDate } from "./discussion-views";
import { discussionsAdminTranslator } from "./discussions-admin-translation";
import { discussionsTranslator } from "./discussions-translation";
import { moderateDiscussion, saveDiscussionSettings, type DiscussionDecision } from "./moderate-discussion.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

const RECENT_LIMIT = 20;
const QUEUE_LIMIT = 50;

export interface ModerationThreadView {
  kind: "thread";
  id: string;
  title: string;
  body: string;
  authorName: string;
  dateLabel: string;
  status: "pending" | "approved" | "hidden";
  locked: boolean;
  replyCount: number;
  reportCount: number;
  reasons: string[];
  href: string;
}
export interface ModerationReplyView {
  kind: "reply";
  id: string;
  threadTitle: string;
  body: string;
  authorName: string;
  dateLabel: string;
  reportCount: number;
  reasons: string[];
  href: string;
}

/**
 * The discussions part of /admin/moderation: new threads waiting for review, threads and
 * replies with open reports (and the reasons given), recent threads (to close, reopen or
 * delete) and the auto-approve setting.
 */
export async function loadDiscussionModeration({ ctx }: { ctx: AdminContext }) {
  const { db, language } = ctx;
  const timeZone = await churchTimeZone(db);
  const when = (d: Date) => formatDiscussionDate(d, language, timeZone);
  // "" once the author deleted their account (ADR 021).
  const author = (name: string) => name || discussionsTranslator(language)("memberFallback");
  const [pendingRows, reportedThreadRows, reportedReplyRows, recentRows, settings] = await Promise.all([
    db
      .select()
      .from(discussionThreads)
      .where(eq(discussionThreads.status, "pending"))
      .orderBy(discussionThreads.createdAt)
      .limit(QUEUE_LIMIT),
    db
      .select()
      .from(discussionThreads)
      .where(and(gt(discussionThreads.reportCount, 0), ne(discussionThreads.status, "hidden")))
      .orderBy(desc(discussionThreads.reportCount), desc(discussionThreads.lastActivityAt))
      .limit(QUEUE_LIMIT),
    db
      .select({ reply: discussionReplies, threadTitle: discussionThreads.title })
      .from(discussionReplies)
      .innerJoin(discussionThreads, eq(discussionThreads.id, discussionReplies.threadId))
      .where(and(gt(discussionReplies.reportCount, 0), ne(discussionReplies.status, "hidden")))
      .orderBy(desc(discussionReplies.reportCount), desc(discussionReplies.createdAt))
      .limit(QUEUE_LIMIT),
    db
      .select()
      .from(discussionThreads)
      .where(eq(discussionThreads.status, "approved"))
      .orderBy(desc(discussionThreads.lastActivityAt))
      .limit(RECENT_LIMIT),
    readChurchSettings(db),
  ]);
  const threadIds = [...new Set([...pendingRows, ...reportedThreadRows].map((r) => r.id))];
  const replyIds = reportedReplyRows.map((r) => r.reply.id);
  const reasonRows = await Promise.all([
    threadIds.length
      ? db
          .select({ id: discussionReports.threadId, reason: discussionReports.reason })
          .from(discussionReports)
          .where(
            and(
              inArray(discussionReports.threadId, threadIds),
              isNull(discussionReports.resolvedAt),
              isNotNull(discussionReports.threadId),
            ),
          )
      : Promise.resolve([]),
    replyIds.length
      ? db
          .select({ id: discussionReports.replyId, reason: discussionReports.reason })
          .from(discussionReports)
          .where(and(inArray(discussionReports.replyId, replyIds), isNull(discussionReports.resolvedAt)))
      : Promise.resolve([]),
  ]);
  const reasons = new Map<string, string[]>();
  for (const r of reasonRows.flat()) {
    if (!r.id || !r.reason) continue;
    reasons.set(r.id, [...(reasons.get(r.id) ?? []), r.reason]);
  }
  const href = (id: string) => `/community/discussions/${id}`;
  const threadView = (r: typeof discussionThreads.$inferSelect): ModerationThreadView => ({
    kind: "thread",
    id: r.id,
    title: r.title,
    body: r.body,
    authorName: author(r.authorName),
    dateLabel: when(r.createdAt),
    status: r.status,
    locked: r.locked,
    replyCount: r.replyCount,
    reportCount: r.reportCount,
    reasons: reasons.get(r.id) ?? [],
    href: href(r.id),
  });
  return {
    pending: pendingRows.map(threadView),
    reportedThreads: reportedThreadRows.filter((r) => r.status !== "pending").map(threadView),
    reportedReplies: reportedReplyRows.map(({ reply, threadTitle }): ModerationReplyView => ({
      kind: "reply",
      id: reply.id,
      threadTitle,
      body: reply.body,
      authorName: author(reply.authorName),
      dateLabel: when(reply.createdAt),
      reportCount: reply.reportCount,
      reasons: reasons.get(reply.id) ?? [],
      href: `${href(reply.threadId)}#reply-${reply.id}`,
    })),
    recent: recentRows.map(threadView),
    autoApprove: settings?.discussionAutoApprove ?? false,
  };
}

export type DiscussionModerationData = Awaited<ReturnType<typeof loadDiscussionModeration>>;

const DECISIONS: Record<string, DiscussionDecision> = {
  "discussions-approve": "approve",
  "discussions-hide": "hide",
  "discussions-dismiss": "dismiss",
  "discussions-lock": "lock",
  "discussions-unlock": "unlock",
  "discussions-delete": "delete",
};
const ZItem = z.object({ kind: z.enum(["thread", "reply"]), id: z.uuid() });
const ZSettings = z.object({ autoApprove: z.enum(["on", "true", "false", ""]).optional() });

/**
 * A moderation post whose intent starts with "discussions-". The page checked the
 * "moderation" scope; every change is audit-logged with it.
 */
export async function runDiscussionModerationAction({
  ctx,
  form,
  intent,
}: {
  ctx: AdminContext;
  form: FormData;
  intent: string;
  request: Request;
}): Promise<ModerationOutcome> {
  const t = discussionsAdminTranslator(ctx.language);
  const actor = { userId: ctx.admin.userId, name: ctx.admin.name };
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const fail = (status: 400 | 404, id?: string): ModerationOutcome => ({
    ok: false,
    status,
    message: t(status === 404 ? "admin.errors.notFound" : "admin.errors.invalidRequest"),
    id,
  });
  if (intent === "discussions-settings") {
    const parsed = ZSettings.safeParse({ autoApprove: value("autoApprove") });
    if (!parsed.success) return fail(400);
    const autoApprove = parsed.data.autoApprove === "on" || parsed.data.autoApprove === "true";
    return (await saveDiscussionSettings({ db: ctx.db, actor, ip: ctx.ip, autoApprove })) ? { ok: true } : fail(404);
  }
  const decision = DECISIONS[intent];
  const parsed = ZItem.safeParse({ kind: value("kind"), id: value("id") });
  if (!decision || !parsed.success) return fail(400, parsed.success ? parsed.data.id : undefined);
  if (parsed.data.kind === "reply" && !["hide", "dismiss", "delete"].includes(decision)) return fail(400, parsed.data.id);
  const done = await moderateDiscussion({ db: ctx.db, actor, ip: ctx.ip, kind: parsed.data.kind, id: parsed.data.id, decision });
  return done ? { ok: true } : fail(404, parsed.data.id);
}
