import { eq } from "drizzle-orm";
import { inboxReplies, meetingRequests } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { getVisitChurch } from "~/features/visit/visit-church.server";
import { meetingReplyEmail } from "~/features/visit/visit-emails";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import type { MeetingActor, MeetingOutcome } from "./change-meeting.server";
import { ZReplyToMeeting } from "./meetings-input";

/**
 * Emails a reply to the requester (in the language they chose) and keeps it with the request,
 * with its author and outbox message, audited as `meeting.reply`: all in one transaction.
 */
export async function replyToMeeting(options: {
  db: AppDatabase;
  actor: MeetingActor;
  ip: string;
  siteUrl: string;
  input: Record<string, unknown>;
}): Promise<MeetingOutcome> {
  const parsed = ZReplyToMeeting.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "body" ? "body" : undefined;
    return { ok: false, status: 400, key: field ? "admin.errors.replyInvalid" : "admin.errors.invalidRequest", field };
  }
  const { id, body } = parsed.data;
  const [request] = await options.db
    .select({ language: meetingRequests.language })
    .from(meetingRequests)
    .where(eq(meetingRequests.id, id))
    .limit(1);
  if (!request) return { ok: false, status: 404, key: "admin.errors.notFound" };
  const church = await getVisitChurch(options.db, request.language);
  const outcome = await options.db.transaction(async (tx): Promise<MeetingOutcome> => {
    const db = tx as unknown as AppDatabase;
    const [row] = await tx.select().from(meetingRequests).where(eq(meetingRequests.id, id)).for("update").limit(1);
    if (!row) return { ok: false, status: 404, key: "admin.errors.notFound" };
    const outboxMessageId = await enqueueEmail(db, {
      to: row.email,
      ...meetingReplyEmail({ language: row.language, churchName: church.name, siteUrl: options.siteUrl, name: row.name, body }),
    });
    const [reply] = await tx
      .insert(inboxReplies)
      .values({ meetingRequestId: id, authorUserId: options.actor.userId, authorName: options.actor.name, body, outboxMessageId })
      .returning({ id: inboxReplies.id });
    await recordAudit({
      db,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: "meeting.reply",
        entityType: "meeting_request",
        entityId: id,
        after: { replyId: reply!.id, outboxMessageId, language: row.language },
      },
    });
    return { ok: true, id };
  });
  if (outcome.ok) kickOutbox();
  return outcome;
}
