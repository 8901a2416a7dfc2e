import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, gt, inArray, isNull, like, or, sql } from "drizzle-orm";
import {
  classSignups,
  discussionReplies,
  discussionThreads,
  emailCampaignRecipients,
  emailUnsubscribes,
  eventRegistrations,
  events,
  gifts,
  liveChatMessages,
  mediaGallery,
  meetingRequests,
  membershipApplications,
  orders,
  outboxMessages,
  prayerRequests,
  profiles,
  rateLimits,
  recurringGifts,
  signupInbox,
  users,
  verifications,
  volunteerSignups,
} from "~/db/schema";
import { localize } from "~/i18n/localize";
import { promoteWaitlisted } from "~/features/events/cancel-registration.server";
import { galleryUploadDir, removeGalleryFiles } from "~/features/gallery/store-gallery-image.server";
import { isLanguage } from "~/i18n/config";
import { isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail, enqueueSms } from "~/server/outbox.server";
import { accountDeletedEmail, accountDeletedText } from "./deletion-emails";
import { AccountDeletionBlocked, findDeletionBlocker } from "./find-deletion-blocker.server";
import { recordPrivacyAudit } from "./record-privacy-audit.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/**
 * What the deleting request knows that better-auth's `beforeDelete` hook (which only gets the
 * user) needs: how many recurring gifts were cancelled at the payment service just before.
 */
export const deletionContext = new AsyncLocalStorage<{ cancelledRecurringGifts: number }>();

/** How many rows of each kind a deletion removed or anonymised (the audit entry's `after`). */
export type ErasureCounts = Record<string, number>;

/**
 * Erases a member's account in one transaction (ADR 021), run by better-auth's `beforeDelete`
 * hook so every path that deletes a user goes through it:
 * - deleted: prayer requests (all, with who prayed and staff replies), visit/meeting requests,
 *   event registrations (future places are freed first and the waitlist promoted), class and
 *   volunteer sign-ups, membership applications, their inbox entries, live-chat messages,
 *   discussion threads still awaiting review, photos awaiting review (and their files), bulk
 *   email records, the unsubscribe entry, copies of mail and texts sent to them, rate-limit
 *   counters and pending sign-in codes; then the user row, whose FK cascades take the profile,
 *   roles, admin record and sessions, sign-in methods, two-factor secret, sessions, cart,
 *   saved prayers, study notes, reading progress, group memberships, their reports and staff
 *   notes about them;
 * - kept without anything that points to them: published discussions and replies (shown as
 *   "A member"), gallery photos already published, gifts, recurring gifts and store orders
 *   (kept for the church's accounts and tax receipts);
 * - recorded: an audit entry with counts only, and a last email (or text) in their language.
 * Throws AccountDeletionBlocked (changing nothing) when the account became the last admin or
 * got an open order since the caller checked.
 */
export async function eraseMemberAccount(options: {
  db: AppDatabase;
  userId: string;
  siteUrl: string;
  now?: Date;
}): Promise<ErasureCounts> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const cancelledRecurringGifts = deletionContext.getStore()?.cancelledRecurringGifts ?? 0;
  const photoFiles: (string | null)[] = [];

  const counts = await options.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const blocker = await findDeletionBlocker(db, userId, { lock: true });
    if (blocker) throw new AccountDeletionBlocked(blocker);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return {};
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId));
    const church = await readChurchSettings(tx);
    const email = isPhoneOnlyEmail(user.email) ? null : user.email.trim().toLowerCase();
    const phone = user.phoneNumberVerified ? user.phoneNumber : null;
    const addresses = [email, user.phoneNumber, profile?.phone].filter((a): a is string => Boolean(a));
    const c: ErasureCounts = {};
    const count = (key: string, rows: unknown[]) => {
      if (rows.length > 0) c[key] = rows.length;
    };

    // Future places are given back the way a cancellation gives them: the waitlist moves up.
    const live = await tx
      .select({ id: eventRegistrations.id, eventId: eventRegistrations.eventId, occurrenceStart: eventRegistrations.occurrenceStart })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.userId, userId),
          inArray(eventRegistrations.status, ["confirmed", "waitlisted"]),
          gt(eventRegistrations.occurrenceStart, now),
        ),
      );
    for (const registration of live) {
      const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId)).for("update");
      await tx
        .update(eventRegistrations)
        .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
        .where(eq(eventRegistrations.id, registration.id));
      if (event) await promoteWaitlisted(db, { event, occurrenceStart: registration.occurrenceStart, siteUrl: options.siteUrl, now });
    }
    count(
      "eventRegistrations",
      await tx.delete(eventRegistrations).where(eq(eventRegistrations.userId, userId)).returning({ id: eventRegistrations.id }),
    );
    count("prayerRequests", await tx.delete(prayerRequests).where(eq(prayerRequests.userId, userId)).returning({ id: prayerRequests.id }));
    count(
      "meetingRequests",
      await tx.delete(meetingRequests).where(eq(meetingRequests.userId, userId)).returning({ id: meetingRequests.id }),
    );
    count("signupInbox", await tx.delete(signupInbox).where(eq(signupInbox.userId, userId)).returning({ id: signupInbox.id }));
    count("classSignups", await tx.delete(classSignups).where(eq(classSignups.userId, userId)).returning({ id: classSignups.id }));
    count(
      "membershipApplications",
      await tx.delete(membershipApplications).where(eq(membershipApplications.userId, userId)).returning({ id: membershipApplications.id }),
    );
    count(
      "volunteerSignups",
      await tx.delete(volunteerSignups).where(eq(volunteerSignups.userId, userId)).returning({ id: volunteerSignups.id }),
    );
    count(
      "liveChatMessages",
      await tx.delete(liveChatMessages).where(eq(liveChatMessages.userId, userId)).returning({ id: liveChatMessages.id }),
    );

    // Discussions: what nobody has seen yet goes; what is part of a conversation stays, nameless.
    count(
      "discussionThreadsDeleted",
      await tx
        .delete(discussionThreads)
        .where(and(eq(discussionThreads.userId, userId), eq(discussionThreads.status, "pending")))
        .returning({ id: discussionThreads.id }),
    );
    count(
      "discussionThreadsAnonymised",
      await tx
        .update(discussionThreads)
        .set({ userId: null, authorName: "" })
        .where(eq(discussionThreads.userId, userId))
        .returning({ id: discussionThreads.id }),
    );
    count(
      "discussionRepliesAnonymised",
      await tx
        .update(discussionReplies)
        .set({ userId: null, authorName: "" })
        .where(eq(discussionReplies.userId, userId))
        .returning({ id: discussionReplies.id }),
    );

    // Photos: one awaiting review goes with its files; a published one stays without its sender.
    const pendingPhotos = await tx
      .delete(mediaGallery)
      .where(and(eq(mediaGallery.submittedByUserId, userId), eq(mediaGallery.status, "pending")))
      .returning({ variantBase: mediaGallery.variantBase });
    photoFiles.push(...pendingPhotos.map((p) => p.variantBase));
    count("galleryPhotosDeleted", pendingPhotos);
    count(
      "galleryPhotosAnonymised",
      await tx
        .update(mediaGallery)
        .set({ submittedByUserId: null, submitterName: null })
        .where(eq(mediaGallery.submittedByUserId, userId))
        .returning({ id: mediaGallery.id }),
    );

    // Money: the records stay for the church's accounts, without who. The gifts the giving
    // history showed them (given with their verified address before they had an account) too.
    const myGifts =
      email && user.emailVerified
        ? or(eq(gifts.userId, userId), and(isNull(gifts.userId), sql`lower(${gifts.donorEmail}) = ${email}`))
        : eq(gifts.userId, userId);
    count(
      "giftsAnonymised",
      await tx
        .update(gifts)
        .set({ userId: null, donorName: "", donorEmail: "", updatedAt: now })
        .where(myGifts)
        .returning({ id: gifts.id }),
    );
    count(
      "recurringGiftsAnonymised",
      await tx
        .update(recurringGifts)
        .set({ userId: null, donorName: "", donorEmail: "", updatedAt: now })
        .where(eq(recurringGifts.userId, userId))
        .returning({ id: recurringGifts.id }),
    );
    count(
      "ordersAnonymised",
      await tx
        .update(orders)
        .set({ userId: null, name: "", email: "", phone: null, shippingAddress: null, updatedAt: now })
        .where(eq(orders.userId, userId))
        .returning({ id: orders.id }),
    );

    count(
      "bulkEmailRecords",
      await tx
        .delete(emailCampaignRecipients)
        .where(eq(emailCampaignRecipients.userId, userId))
        .returning({ id: emailCampaignRecipients.id }),
    );
    if (email)
      count(
        "unsubscribes",
        await tx
          .delete(emailUnsubscribes)
          .where(sql`lower(${emailUnsubscribes.email}) = ${email}`)
          .returning({ email: emailUnsubscribes.email }),
      );
    if (addresses.length > 0) {
      count(
        "messages",
        await tx
          .delete(outboxMessages)
          .where(
            inArray(
              sql`lower(${outboxMessages.recipient})`,
              addresses.map((a) => a.toLowerCase()),
            ),
          )
          .returning({ id: outboxMessages.id }),
      );
      await tx.delete(verifications).where(
        inArray(
          sql`lower(${verifications.identifier})`,
          addresses.map((a) => a.toLowerCase()),
        ),
      );
    }
    await tx.delete(rateLimits).where(like(rateLimits.key, `%${userId}%`));

    // The user row last: its cascades take the rest (profile, roles, sessions, secrets…).
    await tx.delete(users).where(eq(users.id, userId));
    await recordPrivacyAudit({ db, actorUserId: null, action: "member.account.delete", userId, after: { ...c, cancelledRecurringGifts } });

    // The last message, after the copies of earlier ones were deleted, in their language.
    const language = isLanguage(profile?.preferredLanguage) ? profile.preferredLanguage : "en";
    const churchName = church ? localize(language, church.nameEn, church.nameEs) : "Church";
    if (email) {
      const message = accountDeletedEmail({
        language,
        churchName,
        siteUrl: options.siteUrl,
        deletedAt: now,
        timeZone: church?.timeZone ?? "America/Chicago",
        cancelledRecurringGifts,
      });
      await enqueueEmail(db, { to: email, ...message });
    } else if (phone) {
      await enqueueSms(db, { to: phone, body: accountDeletedText({ language, churchName }) });
    }
    return c;
  });

  kickOutbox();
  for (const variantBase of photoFiles) {
    await removeGalleryFiles(variantBase, galleryUploadDir()).catch((error: unknown) =>
      logger.warn({ err: error }, "could not remove a deleted member's photo files"),
    );
  }
  return counts;
}
