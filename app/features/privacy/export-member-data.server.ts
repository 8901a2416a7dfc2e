import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  accounts,
  adminAuthAttempts,
  adminSessions,
  adminUsers,
  auditLog,
  cartItems,
  carts,
  classOfferings,
  classSignups,
  discussionReplies,
  discussionReports,
  discussionThreads,
  emailCampaignRecipients,
  emailCampaigns,
  emailUnsubscribes,
  eventRegistrations,
  events,
  gifts,
  groupMembers,
  inboxReplies,
  liveChatMessages,
  liveChatMutes,
  mediaGallery,
  meetingRequests,
  membershipApplications,
  orderItems,
  orders,
  outboxMessages,
  prayerIntercessions,
  prayerReports,
  prayerRequests,
  products,
  productVariants,
  profiles,
  readingPlanDays,
  readingPlanProgress,
  readingPlans,
  recurringGifts,
  savedPrayers,
  sessions,
  signupInbox,
  studyGroups,
  studyGuides,
  studyNotes,
  userRoles,
  users,
  volunteerSignups,
} from "~/db/schema";
import type { OutboxEmailPayload } from "~/db/schema/messaging";
import type { Language } from "~/i18n/config";
import { isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { privacyTranslator } from "./privacy-translation";

/** Bumped when the file's shape changes in a way a reader of an older file would notice. */
export const EXPORT_FORMAT_VERSION = 1;

/** Admins can have long audit histories: the newest this many of their actions are listed. */
const AUDIT_LIMIT = 5000;

/**
 * The member's data as one JSON document (ADR 021 lists every table and why each field is in
 * or out). Never included: password hashes, session and sign-in tokens, the two-factor secret
 * and backup codes, token hashes (cancel links, admin sessions), the calendar-feed key, staff
 * notes and staff workflow fields, and other people's data (of others' prayer requests only
 * the ids of those the member prayed for or reported).
 */
export async function exportMemberData(options: {
  db: AppDatabase;
  userId: string;
  /** The session asking: marked `current` in the list of devices. */
  sessionId: string;
  language: Language;
  siteUrl: string;
  churchName: string;
  now?: Date;
}) {
  const { db, userId } = options;
  const t = privacyTranslator(options.language);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const email = isPhoneOnlyEmail(user.email) ? null : user.email;
  const addresses = [email?.toLowerCase(), user.phoneNumber].filter((a): a is string => Boolean(a));

  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  const verifiedEmail = email && user.emailVerified ? email.toLowerCase() : null;
  // The gifts the giving history shows: given signed in, or as a visitor with the verified address.
  const myGifts = verifiedEmail
    ? or(eq(gifts.userId, userId), and(isNull(gifts.userId), sql`lower(${gifts.donorEmail}) = ${verifiedEmail}`))
    : eq(gifts.userId, userId);

  const [
    signInMethods,
    deviceRows,
    roles,
    [admin],
    adminSessionRows,
    adminAttempts,
    auditRows,
    prayerRows,
    prayedFor,
    prayerReportRows,
    meetingRows,
    savedPrayerRows,
    threadRows,
    replyRows,
    discussionReportRows,
    volunteerRows,
    photoRows,
    registrationRows,
    signupRows,
    groupRows,
    classRows,
    applicationRows,
    chatRows,
    [mute],
    progressRows,
    noteRows,
    giftRows,
    recurringRows,
    orderRows,
    cartRows,
    campaignRows,
    [unsubscribed],
    messageRows,
  ] = await Promise.all([
    db
      .select({
        providerId: accounts.providerId,
        password: accounts.password,
        createdAt: accounts.createdAt,
        updatedAt: accounts.updatedAt,
      })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        twoFactorVerified: sessions.twoFactorVerified,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db.select({ role: userRoles.role, createdAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select({ name: adminUsers.name, scopes: adminUsers.scopes, createdAt: adminUsers.createdAt, updatedAt: adminUsers.updatedAt })
      .from(adminUsers)
      .where(eq(adminUsers.userId, userId)),
    db
      .select({
        method: adminSessions.method,
        ipAddress: adminSessions.ipAddress,
        userAgent: adminSessions.userAgent,
        createdAt: adminSessions.createdAt,
        lastSeenAt: adminSessions.lastSeenAt,
        expiresAt: adminSessions.expiresAt,
        revokedAt: adminSessions.revokedAt,
      })
      .from(adminSessions)
      .where(eq(adminSessions.userId, userId))
      .orderBy(desc(adminSessions.createdAt)),
    db
      .select({
        email: adminAuthAttempts.email,
        success: adminAuthAttempts.success,
        failureReason: adminAuthAttempts.failureReason,
        method: adminAuthAttempts.method,
        ipAddress: adminAuthAttempts.ipAddress,
        userAgent: adminAuthAttempts.userAgent,
        createdAt: adminAuthAttempts.createdAt,
      })
      .from(adminAuthAttempts)
      .where(eq(adminAuthAttempts.userId, userId))
      .orderBy(desc(adminAuthAttempts.createdAt)),
    // What the member did in the admin portal; before/after values are other people's data.
    db
      .select({
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        ipAddress: auditLog.ipAddress,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(AUDIT_LIMIT),
    db.select().from(prayerRequests).where(eq(prayerRequests.userId, userId)).orderBy(asc(prayerRequests.createdAt)),
    db
      .select({ requestId: prayerIntercessions.requestId, createdAt: prayerIntercessions.createdAt })
      .from(prayerIntercessions)
      .where(eq(prayerIntercessions.userId, userId))
      .orderBy(asc(prayerIntercessions.createdAt)),
    db
      .select({ requestId: prayerReports.requestId, reason: prayerReports.reason, createdAt: prayerReports.createdAt })
      .from(prayerReports)
      .where(eq(prayerReports.userId, userId)),
    db.select().from(meetingRequests).where(eq(meetingRequests.userId, userId)).orderBy(asc(meetingRequests.createdAt)),
    db
      .select({
        id: savedPrayers.id,
        topic: savedPrayers.topic,
        language: savedPrayers.language,
        body: savedPrayers.body,
        scriptures: savedPrayers.scriptures,
        createdAt: savedPrayers.createdAt,
      })
      .from(savedPrayers)
      .where(eq(savedPrayers.userId, userId))
      .orderBy(asc(savedPrayers.createdAt)),
    db
      .select({
        id: discussionThreads.id,
        authorName: discussionThreads.authorName,
        title: discussionThreads.title,
        body: discussionThreads.body,
        language: discussionThreads.language,
        status: discussionThreads.status,
        locked: discussionThreads.locked,
        replyCount: discussionThreads.replyCount,
        createdAt: discussionThreads.createdAt,
        updatedAt: discussionThreads.updatedAt,
      })
      .from(discussionThreads)
      .where(eq(discussionThreads.userId, userId))
      .orderBy(asc(discussionThreads.createdAt)),
    db
      .select({
        id: discussionReplies.id,
        threadId: discussionReplies.threadId,
        authorName: discussionReplies.authorName,
        body: discussionReplies.body,
        status: discussionReplies.status,
        createdAt: discussionReplies.createdAt,
        updatedAt: discussionReplies.updatedAt,
      })
      .from(discussionReplies)
      .where(eq(discussionReplies.userId, userId))
      .orderBy(asc(discussionReplies.createdAt)),
    db
      .select({
        threadId: discussionReports.threadId,
        replyId: discussionReports.replyId,
        reason: discussionReports.reason,
        createdAt: discussionReports.createdAt,
      })
      .from(discussionReports)
      .where(eq(discussionReports.userId, userId)),
    db
      .select({
        ministry: volunteerSignups.opportunityTitle,
        name: volunteerSignups.name,
        email: volunteerSignups.email,
        phone: volunteerSignups.phone,
        language: volunteerSignups.language,
        availability: volunteerSignups.availability,
        message: volunteerSignups.message,
        createdAt: volunteerSignups.createdAt,
      })
      .from(volunteerSignups)
      .where(eq(volunteerSignups.userId, userId))
      .orderBy(asc(volunteerSignups.createdAt)),
    db
      .select({
        id: mediaGallery.id,
        title: mediaGallery.title,
        description: mediaGallery.description,
        category: mediaGallery.category,
        submitterName: mediaGallery.submitterName,
        status: mediaGallery.status,
        imageUrl: mediaGallery.imageUrl,
        createdAt: mediaGallery.createdAt,
      })
      .from(mediaGallery)
      .where(eq(mediaGallery.submittedByUserId, userId))
      .orderBy(asc(mediaGallery.createdAt)),
    db
      .select({
        event: { slug: events.slug, titleEn: events.titleEn, titleEs: events.titleEs },
        occurrenceStart: eventRegistrations.occurrenceStart,
        name: eventRegistrations.name,
        email: eventRegistrations.email,
        language: eventRegistrations.language,
        partySize: eventRegistrations.partySize,
        status: eventRegistrations.status,
        answers: eventRegistrations.answers,
        createdAt: eventRegistrations.createdAt,
        updatedAt: eventRegistrations.updatedAt,
        promotedAt: eventRegistrations.promotedAt,
        cancelledAt: eventRegistrations.cancelledAt,
        checkedInAt: eventRegistrations.checkedInAt,
        reminderSentAt: eventRegistrations.reminderSentAt,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.userId, userId))
      .orderBy(asc(eventRegistrations.occurrenceStart)),
    db
      .select({
        kind: signupInbox.kind,
        name: signupInbox.name,
        email: signupInbox.email,
        language: signupInbox.language,
        summary: signupInbox.summary,
        createdAt: signupInbox.createdAt,
      })
      .from(signupInbox)
      .where(eq(signupInbox.userId, userId))
      .orderBy(asc(signupInbox.createdAt)),
    db
      .select({
        group: { slug: studyGroups.slug, nameEn: studyGroups.nameEn, nameEs: studyGroups.nameEs },
        role: groupMembers.role,
        status: groupMembers.status,
        message: groupMembers.message,
        createdAt: groupMembers.createdAt,
        decidedAt: groupMembers.decidedAt,
      })
      .from(groupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.createdAt)),
    db
      .select({
        offering: { slug: classOfferings.slug, titleEn: classOfferings.titleEn, titleEs: classOfferings.titleEs },
        name: classSignups.name,
        email: classSignups.email,
        phone: classSignups.phone,
        language: classSignups.language,
        status: classSignups.status,
        createdAt: classSignups.createdAt,
      })
      .from(classSignups)
      .innerJoin(classOfferings, eq(classOfferings.id, classSignups.offeringId))
      .where(eq(classSignups.userId, userId)),
    db
      .select({
        fullName: membershipApplications.fullName,
        email: membershipApplications.email,
        phone: membershipApplications.phone,
        birthDate: membershipApplications.birthDate,
        address: membershipApplications.address,
        baptized: membershipApplications.baptized,
        baptismDate: membershipApplications.baptismDate,
        baptismChurch: membershipApplications.baptismChurch,
        previousChurch: membershipApplications.previousChurch,
        howHeard: membershipApplications.howHeard,
        message: membershipApplications.message,
        language: membershipApplications.language,
        status: membershipApplications.status,
        decidedAt: membershipApplications.decidedAt,
        createdAt: membershipApplications.createdAt,
      })
      .from(membershipApplications)
      .where(eq(membershipApplications.userId, userId)),
    db
      .select({
        streamId: liveChatMessages.streamId,
        authorName: liveChatMessages.authorName,
        body: liveChatMessages.body,
        createdAt: liveChatMessages.createdAt,
        deletedAt: liveChatMessages.deletedAt,
      })
      .from(liveChatMessages)
      .where(eq(liveChatMessages.userId, userId))
      .orderBy(asc(liveChatMessages.createdAt)),
    db
      .select({ reason: liveChatMutes.reason, expiresAt: liveChatMutes.expiresAt, createdAt: liveChatMutes.createdAt })
      .from(liveChatMutes)
      .where(eq(liveChatMutes.userId, userId)),
    db
      .select({ plan: readingPlans.slug, day: readingPlanDays.dayNumber, completedAt: readingPlanProgress.completedAt })
      .from(readingPlanProgress)
      .innerJoin(readingPlanDays, eq(readingPlanDays.id, readingPlanProgress.dayId))
      .innerJoin(readingPlans, eq(readingPlans.id, readingPlanDays.planId))
      .where(eq(readingPlanProgress.userId, userId))
      .orderBy(asc(readingPlanProgress.completedAt)),
    db
      .select({
        id: studyNotes.id,
        guide: studyGuides.slug,
        passage: studyNotes.passage,
        body: studyNotes.body,
        createdAt: studyNotes.createdAt,
        updatedAt: studyNotes.updatedAt,
      })
      .from(studyNotes)
      .leftJoin(studyGuides, eq(studyGuides.id, studyNotes.guideId))
      .where(eq(studyNotes.userId, userId))
      .orderBy(asc(studyNotes.createdAt)),
    db
      .select({
        id: gifts.id,
        fund: gifts.fundName,
        amountCents: gifts.amountCents,
        feeCents: gifts.feeCents,
        currency: gifts.currency,
        frequency: gifts.frequency,
        status: gifts.status,
        refundedCents: gifts.refundedCents,
        donorName: gifts.donorName,
        donorEmail: gifts.donorEmail,
        language: gifts.language,
        paidAt: gifts.paidAt,
        receiptSentAt: gifts.receiptSentAt,
        stripePaymentIntentId: gifts.stripePaymentIntentId,
        stripeInvoiceId: gifts.stripeInvoiceId,
      })
      .from(gifts)
      .where(myGifts)
      .orderBy(asc(gifts.paidAt)),
    db
      .select({
        id: recurringGifts.id,
        fund: recurringGifts.fundName,
        amountCents: recurringGifts.amountCents,
        feeCents: recurringGifts.feeCents,
        frequency: recurringGifts.frequency,
        status: recurringGifts.status,
        donorName: recurringGifts.donorName,
        donorEmail: recurringGifts.donorEmail,
        language: recurringGifts.language,
        createdAt: recurringGifts.createdAt,
        canceledAt: recurringGifts.canceledAt,
        stripeSubscriptionId: recurringGifts.stripeSubscriptionId,
      })
      .from(recurringGifts)
      .where(eq(recurringGifts.userId, userId))
      .orderBy(asc(recurringGifts.createdAt)),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        name: orders.name,
        email: orders.email,
        phone: orders.phone,
        language: orders.language,
        fulfillment: orders.fulfillment,
        shippingAddress: orders.shippingAddress,
        subtotalCents: orders.subtotalCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ product: products.name, variant: productVariants.label, quantity: cartItems.quantity, addedAt: cartItems.addedAt })
      .from(carts)
      .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
      .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(carts.userId, userId)),
    db
      .select({
        subjectEn: emailCampaigns.subjectEn,
        subjectEs: emailCampaigns.subjectEs,
        email: emailCampaignRecipients.email,
        language: emailCampaignRecipients.language,
        skippedReason: emailCampaignRecipients.skippedReason,
        createdAt: emailCampaignRecipients.createdAt,
      })
      .from(emailCampaignRecipients)
      .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailCampaignRecipients.campaignId))
      .where(eq(emailCampaignRecipients.userId, userId))
      .orderBy(asc(emailCampaignRecipients.createdAt)),
    email
      ? db
          .select({ since: emailUnsubscribes.createdAt })
          .from(emailUnsubscribes)
          .where(sql`lower(${emailUnsubscribes.email}) = ${email.toLowerCase()}`)
      : Promise.resolve([]),
    // Copies of the mail and texts sent to the member: what and when, never the body (sign-in
    // links and codes are in there).
    addresses.length > 0
      ? db
          .select({
            channel: outboxMessages.channel,
            payload: outboxMessages.payload,
            status: outboxMessages.status,
            createdAt: outboxMessages.createdAt,
            sentAt: outboxMessages.sentAt,
          })
          .from(outboxMessages)
          .where(inArray(sql`lower(${outboxMessages.recipient})`, addresses))
          .orderBy(asc(outboxMessages.createdAt))
      : Promise.resolve([]),
  ]);

  const prayerIds = prayerRows.map((r) => r.id);
  const meetingIds = meetingRows.map((r) => r.id);
  const orderIds = orderRows.map((r) => r.id);
  const [prayerReplies, meetingReplies, items] = await Promise.all([
    prayerIds.length > 0
      ? db
          .select({ requestId: inboxReplies.prayerRequestId, body: inboxReplies.body, createdAt: inboxReplies.createdAt })
          .from(inboxReplies)
          .where(inArray(inboxReplies.prayerRequestId, prayerIds))
          .orderBy(asc(inboxReplies.createdAt))
      : Promise.resolve([]),
    meetingIds.length > 0
      ? db
          .select({ requestId: inboxReplies.meetingRequestId, body: inboxReplies.body, createdAt: inboxReplies.createdAt })
          .from(inboxReplies)
          .where(inArray(inboxReplies.meetingRequestId, meetingIds))
          .orderBy(asc(inboxReplies.createdAt))
      : Promise.resolve([]),
    orderIds.length > 0
      ? db
          .select({
            orderId: orderItems.orderId,
            product: orderItems.productName,
            variant: orderItems.variantLabel,
            unitPriceCents: orderItems.unitPriceCents,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id))
      : Promise.resolve([]),
  ]);
  const repliesTo = (rows: { requestId: string | null; body: string; createdAt: Date }[], id: string) =>
    rows.filter((r) => r.requestId === id).map(({ body, createdAt }) => ({ body, sentAt: createdAt }));

  return {
    format: { name: "church-member-data-export", version: EXPORT_FORMAT_VERSION },
    exportedAt: (options.now ?? new Date()).toISOString(),
    site: { name: options.churchName, url: options.siteUrl },
    about: t("export.about", { church: options.churchName }),
    notIncluded: t("export.notIncluded"),
    account: {
      id: user.id,
      name: user.name,
      email,
      emailVerified: user.emailVerified,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified ?? false,
      twoFactorEnabled: user.twoFactorEnabled ?? false,
      image: user.image,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      signInMethods: signInMethods.map((a) => ({
        provider: a.providerId,
        hasPassword: a.password !== null,
        createdAt: a.createdAt,
        updatedAt: a.updatedAt,
      })),
      devices: deviceRows.map(({ id, ...device }) => ({ ...device, current: id === options.sessionId })),
      roles: roles.map((r) => ({ role: r.role, since: r.createdAt })),
      administrator: admin
        ? {
            ...admin,
            sessions: adminSessionRows,
            signInAttempts: adminAttempts,
            actionsInAdminPortal: auditRows,
          }
        : null,
    },
    profile: profile
      ? {
          fullName: profile.fullName,
          displayName: profile.displayName,
          username: profile.username,
          phone: profile.phone,
          membershipStatus: profile.membershipStatus,
          memberSince: profile.memberSince,
          disabledAt: profile.disabledAt,
          hasCompletedTour: profile.hasCompletedTour,
          tourCompletionDate: profile.tourCompletionDate,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
        }
      : null,
    notificationPreferences: {
      languageForEmailsAndTexts: profile?.preferredLanguage ?? "en",
      bulkEmail: unsubscribed ? { unsubscribed: true, since: unsubscribed.since } : { unsubscribed: false },
      emailWhenSomeonePrays: prayerRows.map((r) => ({ prayerRequestId: r.id, enabled: r.notifyOnPrayer })),
    },
    membersDirectory: profile
      ? { listed: profile.directoryListed, showEmail: profile.directoryShowEmail, showPhone: profile.directoryShowPhone }
      : null,
    prayerRequests: prayerRows.map((r) => ({
      id: r.id,
      nameShown: r.authorName,
      title: r.title,
      body: r.body,
      category: r.category,
      visibility: r.visibility,
      anonymous: r.anonymous,
      language: r.language,
      status: r.status,
      prayingCount: r.prayingCount,
      answeredAt: r.answeredAt,
      praiseReport: r.praiseReport,
      leavesWallAt: r.expiresAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      repliesFromTheChurch: repliesTo(prayerReplies, r.id),
    })),
    prayersPrayed: prayedFor.map((r) => ({ prayerRequestId: r.requestId, at: r.createdAt })),
    prayerRequestReports: prayerReportRows.map((r) => ({ prayerRequestId: r.requestId, reason: r.reason, at: r.createdAt })),
    savedPrayers: savedPrayerRows,
    visitAndMeetingRequests: meetingRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      email: r.email,
      phone: r.phone,
      preferredDate: r.preferredDate,
      partySize: r.partySize,
      language: r.language,
      needs: r.needs,
      message: r.message,
      status: r.status,
      createdAt: r.createdAt,
      repliesFromTheChurch: repliesTo(meetingReplies, r.id),
    })),
    eventRegistrations: registrationRows,
    signUpsForFollowUp: signupRows,
    groupMemberships: groupRows,
    classSignUps: classRows,
    membershipApplications: applicationRows,
    volunteerSignUps: volunteerRows,
    discussionThreads: threadRows,
    discussionReplies: replyRows,
    discussionReports: discussionReportRows,
    galleryPhotos: photoRows,
    liveChatMessages: chatRows,
    liveChatMute: mute ?? null,
    readingPlanProgress: progressRows,
    studyNotes: noteRows,
    gifts: giftRows,
    recurringGifts: recurringRows,
    orders: orderRows.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id).map(({ orderId: _, ...item }) => item) })),
    cart: cartRows,
    bulkEmailsReceived: campaignRows.map((r) => ({
      subject: (r.language === "es" ? r.subjectEs : null) ?? r.subjectEn,
      email: r.email,
      language: r.language,
      skippedReason: r.skippedReason,
      at: r.createdAt,
    })),
    messagesSent: messageRows.map((m) => ({
      channel: m.channel,
      subject: m.channel === "email" ? (m.payload as OutboxEmailPayload).subject : null,
      status: m.status,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
    })),
  };
}

export type MemberDataExport = NonNullable<Awaited<ReturnType<typeof exportMemberData>>>;
