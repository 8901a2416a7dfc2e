import { and, eq, gte, inArray, lt, notExists, sql } from "drizzle-orm";
import {
  emailCampaignRecipients,
  inboxReplies,
  liveChatMessages,
  outboxMessages,
  prayerRequests,
  sessions,
  verifications,
} from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { readRetentionSettings } from "./read-retention-settings.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days the outbox keeps its copy of a message once it was sent (or finally failed): long
 * enough to look into a delivery problem. Bulk-mail copies stay while the email section
 * counts them (a campaign recipient points at the copy).
 */
export const MESSAGE_COPY_DAYS = 30;

export interface PurgeCounts {
  /** Public and members-only requests gone from the wall for longer than the setting. */
  wallPrayerRequests: number;
  /** Private requests nobody on staff has worked on for longer than the setting. */
  privatePrayerRequests: number;
  liveChatMessages: number;
  /** Sign-in sessions and one-time sign-in tokens that expired more than a day ago. */
  expiredSessions: number;
  expiredVerifications: number;
  /** Copies of mail and texts sent (or given up on) more than MESSAGE_COPY_DAYS ago. */
  sentMessageCopies: number;
}

/**
 * Deletes what the retention settings say is no longer kept (ADR 021). A prayer request goes
 * with everything hanging on it (who prayed, reports, the replies staff sent: FK cascades).
 * A request staff touched within the period (edited, status changed, replied to) is kept:
 * its clock starts again. Safe to run on several instances at once and as often as wanted.
 */
export async function purgeExpiredData({ db, now = new Date() }: { db: AppDatabase; now?: Date }): Promise<PurgeCounts> {
  const settings = await readRetentionSettings({ db });
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const untouchedSince = (cutoff: Date) =>
    and(
      lt(prayerRequests.updatedAt, cutoff),
      notExists(
        db
          .select({ id: inboxReplies.id })
          .from(inboxReplies)
          .where(and(eq(inboxReplies.prayerRequestId, prayerRequests.id), gte(inboxReplies.createdAt, cutoff))),
      ),
    );

  const wallCutoff = before(settings.prayerRetentionDays);
  const wall = await db
    .delete(prayerRequests)
    .where(
      and(inArray(prayerRequests.visibility, ["public", "members"]), lt(prayerRequests.expiresAt, wallCutoff), untouchedSince(wallCutoff)),
    )
    .returning({ id: prayerRequests.id });

  const privateCutoff = before(settings.privatePrayerRetentionDays);
  const pastoral = await db
    .delete(prayerRequests)
    .where(and(eq(prayerRequests.visibility, "private"), untouchedSince(privateCutoff)))
    .returning({ id: prayerRequests.id });

  const chat = await db
    .delete(liveChatMessages)
    .where(lt(liveChatMessages.createdAt, before(settings.chatRetentionDays)))
    .returning({ id: liveChatMessages.id });

  const expired = before(1);
  const oldSessions = await db.delete(sessions).where(lt(sessions.expiresAt, expired)).returning({ id: sessions.id });
  const oldTokens = await db.delete(verifications).where(lt(verifications.expiresAt, expired)).returning({ id: verifications.id });
  const copies = await db
    .delete(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ["sent", "failed"]),
        lt(sql`coalesce(${outboxMessages.sentAt}, ${outboxMessages.createdAt})`, before(MESSAGE_COPY_DAYS)),
        notExists(
          db
            .select({ id: emailCampaignRecipients.id })
            .from(emailCampaignRecipients)
            .where(eq(emailCampaignRecipients.outboxMessageId, outboxMessages.id)),
        ),
      ),
    )
    .returning({ id: outboxMessages.id });

  return {
    wallPrayerRequests: wall.length,
    privatePrayerRequests: pastoral.length,
    liveChatMessages: chat.length,
    expiredSessions: oldSessions.length,
    expiredVerifications: oldTokens.length,
    sentMessageCopies: copies.length,
  };
}
