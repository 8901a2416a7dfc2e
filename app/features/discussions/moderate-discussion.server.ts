import { and, eq, isNull, sql } from "drizzle-orm";
import { discussionReplies, discussionReports, discussionThreads } from "~/db/schema";
import type { AuditAction } from "~/lib/audit-actions";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";

export type DiscussionDecision = "approve" | "hide" | "dismiss" | "lock" | "unlock" | "delete";
type Actor = Pick<AdminIdentity, "userId" | "name">;

/**
 * One moderation decision on a thread or a reply, with its audit entry in the same
 * transaction. Hiding or dismissing closes the item's open reports (a moderator has looked);
 * a reply's thread count follows its status. Answers false when the item is gone or the
 * decision does not apply (approve/lock on a reply).
 */
export async function moderateDiscussion(o: {
  db: AppDatabase;
  actor: Actor;
  ip: string;
  kind: "thread" | "reply";
  id: string;
  decision: DiscussionDecision;
  now?: Date;
}): Promise<boolean> {
  const now = o.now ?? new Date();
  return o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const audit = (action: AuditAction, before: unknown, after: unknown) =>
      recordAudit({
        db,
        actor: o.actor,
        ipAddress: o.ip,
        entry: {
          action,
          entityType: o.kind === "thread" ? "discussion_thread" : "discussion_reply",
          entityId: o.id,
          before,
          after,
        },
      });
    const resolveReports = () =>
      tx
        .update(discussionReports)
        .set({ resolvedAt: now })
        .where(
          and(
            o.kind === "thread" ? eq(discussionReports.threadId, o.id) : eq(discussionReports.replyId, o.id),
            isNull(discussionReports.resolvedAt),
          ),
        );

    if (o.kind === "thread") {
      const [before] = await tx.select().from(discussionThreads).where(eq(discussionThreads.id, o.id)).for("update");
      if (!before) return false;
      const snapshot = { title: before.title, status: before.status, locked: before.locked, reportCount: before.reportCount };
      switch (o.decision) {
        case "delete":
          await tx.delete(discussionThreads).where(eq(discussionThreads.id, o.id));
          await audit("discussion.thread.delete", { ...snapshot, body: before.body, authorName: before.authorName }, null);
          return true;
        case "approve":
          await tx
            .update(discussionThreads)
            .set({ status: "approved", lastActivityAt: before.status === "pending" ? now : before.lastActivityAt, updatedAt: now })
            .where(eq(discussionThreads.id, o.id));
          await audit("discussion.thread.approve", snapshot, { status: "approved" });
          return true;
        case "hide":
          await tx
            .update(discussionThreads)
            .set({ status: "hidden", reportCount: 0, updatedAt: now })
            .where(eq(discussionThreads.id, o.id));
          await resolveReports();
          await audit("discussion.thread.hide", snapshot, { status: "hidden", reportCount: 0 });
          return true;
        case "dismiss":
          await tx.update(discussionThreads).set({ reportCount: 0, updatedAt: now }).where(eq(discussionThreads.id, o.id));
          await resolveReports();
          await audit("discussion.thread.dismiss-reports", snapshot, { reportCount: 0 });
          return true;
        case "lock":
        case "unlock": {
          const locked = o.decision === "lock";
          await tx.update(discussionThreads).set({ locked, updatedAt: now }).where(eq(discussionThreads.id, o.id));
          await audit(`discussion.thread.${o.decision}`, snapshot, { locked });
          return true;
        }
      }
    }

    const [before] = await tx.select().from(discussionReplies).where(eq(discussionReplies.id, o.id)).for("update");
    if (!before) return false;
    const snapshot = { threadId: before.threadId, status: before.status, reportCount: before.reportCount };
    const countChange = (delta: 1 | -1) =>
      tx
        .update(discussionThreads)
        .set({ replyCount: sql`greatest(${discussionThreads.replyCount} + ${delta}, 0)` })
        .where(eq(discussionThreads.id, before.threadId));
    switch (o.decision) {
      case "delete":
        await tx.delete(discussionReplies).where(eq(discussionReplies.id, o.id));
        if (before.status === "approved") await countChange(-1);
        await audit("discussion.reply.delete", { ...snapshot, body: before.body, authorName: before.authorName }, null);
        return true;
      case "hide":
        await tx.update(discussionReplies).set({ status: "hidden", reportCount: 0, updatedAt: now }).where(eq(discussionReplies.id, o.id));
        if (before.status === "approved") await countChange(-1);
        await resolveReports();
        await audit("discussion.reply.hide", snapshot, { status: "hidden", reportCount: 0 });
        return true;
      case "dismiss":
        await tx.update(discussionReplies).set({ reportCount: 0, updatedAt: now }).where(eq(discussionReplies.id, o.id));
        await resolveReports();
        await audit("discussion.reply.dismiss-reports", snapshot, { reportCount: 0 });
        return true;
      default:
        return false;
    }
  });
}

/** The church setting: publish new discussions at once (true) or after review. */
export async function saveDiscussionSettings(o: { db: AppDatabase; actor: Actor; ip: string; autoApprove: boolean }): Promise<boolean> {
  const outcome = await updateChurchSettings({
    db: o.db,
    actor: o.actor,
    ipAddress: o.ip,
    action: "discussion.settings",
    next: { discussionAutoApprove: o.autoApprove },
  });
  return outcome !== "notFound";
}
