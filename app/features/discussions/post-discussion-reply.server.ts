import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { discussionReplies, discussionThreads } from "~/db/schema";
import { greetableName } from "~/platform/email/email-content";
import { personOf } from "~/platform/people/people.server";
import { renderEmail } from "~/platform/email/render-email";
import { churchName } from "~/platform/church/church-settings.server";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { discussionsAdminTranslator } from "./discussions-admin-translation";

const HOUR_MS = 3_600_000;

export type ReplyResult = { ok: true; id: string } | { ok: false; reason: "not-found" | "locked" };

/**
 * A reply to an approved, open thread. The thread's row is updated first (reply_count + 1,
 * last activity), which also locks it, so parallel replies count exactly and a thread closed
 * meanwhile takes none. The thread's author hears about it by email in their language, not
 * for their own replies and at most once an hour per thread (no email when another member
 * replied in the hour before).
 */
export async function postDiscussionReply(o: {
  db: AppDatabase;
  threadId: string;
  userId: string;
  authorName: string;
  body: string;
  siteUrl: string;
  now?: Date;
}): Promise<ReplyResult> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [thread] = await tx
      .update(discussionThreads)
      .set({ replyCount: sql`${discussionThreads.replyCount} + 1`, lastActivityAt: now })
      .where(and(eq(discussionThreads.id, o.threadId), eq(discussionThreads.status, "approved"), eq(discussionThreads.locked, false)))
      .returning();
    if (!thread) {
      const [existing] = await tx
        .select({ status: discussionThreads.status, locked: discussionThreads.locked })
        .from(discussionThreads)
        .where(eq(discussionThreads.id, o.threadId));
      return { ok: false, reason: existing?.status === "approved" && existing.locked ? "locked" : "not-found", queued: false } as const;
    }
    const [reply] = await tx
      .insert(discussionReplies)
      .values({
        threadId: thread.id,
        userId: o.userId,
        authorName: o.authorName,
        body: o.body,
        status: "approved",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: discussionReplies.id });
    if (!reply) throw new Error("The reply was not stored");
    let queued = false;
    if (thread.userId && thread.userId !== o.userId) {
      const [recent] = await tx
        .select({ id: discussionReplies.id })
        .from(discussionReplies)
        .where(
          and(
            eq(discussionReplies.threadId, thread.id),
            ne(discussionReplies.id, reply.id),
            isNotNull(discussionReplies.userId),
            ne(discussionReplies.userId, thread.userId),
            gt(discussionReplies.createdAt, new Date(now.getTime() - HOUR_MS)),
          ),
        )
        .limit(1);
      const author = recent ? null : await personOf(db, thread.userId);
      if (author?.email) {
        const t = discussionsAdminTranslator(author.language);
        const name = greetableName(author.name);
        const url = new URL(`/community/discussions/${thread.id}${author.language === "es" ? "?lang=es" : ""}`, o.siteUrl).toString();
        await enqueueEmail(db, {
          to: author.email,
          subject: t("emails.reply.subject"),
          ...renderEmail({
            language: author.language,
            churchName: await churchName(db, author.language),
            siteUrl: o.siteUrl,
            heading: t("emails.reply.heading"),
            paragraphs: [
              name ? t("emails.greeting", { name }) : t("emails.greetingNoName"),
              t("emails.reply.intro", { name: greetableName(o.authorName) || t("memberFallback"), title: thread.title }),
            ],
            action: { label: t("emails.reply.action"), url },
            footnote: t("emails.reply.footnote"),
          }),
        });
        queued = true;
      }
    }
    return { ok: true, id: reply.id, queued } as const;
  });
  if (result.ok && result.queued) kickOutbox();
  return result.ok ? { ok: true, id: result.id } : { ok: false, reason: result.reason };
}
