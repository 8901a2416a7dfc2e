import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { discussionReplies, discussionReports } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getRequestContext } from "~/server/request-context.server";
import { formatDiscussionDate } from "./discussion-views";
import { findVisibleThread } from "./find-visible-thread.server";
import { discussionsTranslator } from "./discussions-translation";

const ZThreadId = z.uuid();

/** Where a visitor goes for a members-only page: sign in, then back here. */
export function signInRedirect(url: URL): string {
  return `/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`).replaceAll("%2F", "/")}`;
}

/**
 * /community/discussions/:threadId, for members: the thread, its approved replies oldest first,
 * and what this member already reported. Visitors are sent to sign in; an unknown, hidden or
 * someone else's pending thread is a 404.
 */
export async function loadDiscussionThread({ request, url, threadId }: { request: Request; url: URL; threadId: string | undefined }) {
  const { db, language } = getRequestContext(request);
  const t = discussionsTranslator(language);
  const session = await getCurrentMember({ db, request });
  if (!session) throw redirect(signInRedirect(url), { headers: { "Cache-Control": "no-store" } });
  const notFound = () => data(null, { status: 404, headers: session.headers });
  const id = ZThreadId.safeParse(threadId);
  if (!id.success) throw notFound();
  const userId = session.member.id;
  const thread = await findVisibleThread(db, id.data, userId);
  if (!thread) throw notFound();
  const timeZone = await churchTimeZone(db);
  const replies = await db
    .select()
    .from(discussionReplies)
    .where(and(eq(discussionReplies.threadId, thread.id), eq(discussionReplies.status, "approved")))
    .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id));
  const replyIds = replies.map((r) => r.id);
  const reports = await db
    .select({ threadId: discussionReports.threadId, replyId: discussionReports.replyId })
    .from(discussionReports)
    .where(
      and(
        eq(discussionReports.userId, userId),
        replyIds.length > 0
          ? or(eq(discussionReports.threadId, thread.id), inArray(discussionReports.replyId, replyIds))
          : and(isNotNull(discussionReports.threadId), eq(discussionReports.threadId, thread.id)),
      ),
    );
  const reportedReplies = new Set(reports.map((r) => r.replyId).filter(Boolean));
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "private, no-store");
  return data(
    {
      thread: {
        id: thread.id,
        title: thread.title,
        body: thread.body,
        // "" once the author deleted their account (ADR 021).
        authorName: thread.authorName || t("memberFallback"),
        dateLabel: formatDiscussionDate(thread.createdAt, language, timeZone),
        date: thread.createdAt.toISOString(),
        pending: thread.status === "pending",
        locked: thread.locked,
        mine: thread.userId === userId,
        reported: reports.some((r) => r.threadId === thread.id),
        replyCount: thread.replyCount,
      },
      replies: replies.map((r) => ({
        id: r.id,
        body: r.body,
        authorName: r.authorName || t("memberFallback"),
        date: r.createdAt.toISOString(),
        dateLabel: formatDiscussionDate(r.createdAt, language, timeZone),
        mine: r.userId === userId,
        reported: reportedReplies.has(r.id),
      })),
      backHref: `/community${language !== "en" ? `?lang=${language}` : ""}#discussions-heading`,
      seo: { title: thread.title, description: t("intro") },
    },
    { headers },
  );
}

export type DiscussionThreadData = Awaited<ReturnType<typeof loadDiscussionThread>>["data"];
