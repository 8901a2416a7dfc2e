// Privacy (issue: reliability, point 8): the member's data download (everything of theirs,
// nothing secret, nobody else's), account deletion (confirmation, refusals, what goes, what
// stays anonymised, sessions, the last-admin rule, the confirmation mail in the member's
// language, an audit entry without personal data), the retention purge and its settings, and
// the privacy page's data.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  accounts,
  auditLog,
  cartItems,
  carts,
  churchSettings,
  classOfferings,
  classSignups,
  discussionReplies,
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
  liveStreams,
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
  studyNotes,
  twoFactors,
  users,
  verifications,
  volunteerOpportunities,
  volunteerSignups,
} from "~/db/schema";
import { authTranslator } from "~/features/auth/auth-translation";
import type { MemberDataExport } from "~/features/privacy/export-member-data.server";
import { AccountDeletionBlocked } from "~/features/privacy/find-deletion-blocker.server";
import { purgeExpiredData } from "~/features/privacy/purge-expired-data.server";
import { privacyTranslator } from "~/features/privacy/privacy-translation";
import { SELF_SERVICE_ACTOR } from "~/features/privacy/record-privacy-audit.server";
import { scheduleDataRetention } from "~/features/privacy/schedule-data-retention.server";
import { action as adminSettingsAction, loader as adminSettingsLoader } from "~/routes/admin/settings";
import { loader as exportLoader } from "~/routes/member/data-export";
import { action as settingsAction } from "~/routes/member/settings";
import { loader as privacyLoader } from "~/routes/site/privacy";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { setStripeForTests } from "~/server/stripe.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { describeOnBackend, queryRows } from "../support/test-database";

const PASSWORD = "grace-and-peace-7";
const ADMIN_PASSWORD = "a-long-admin-passphrase";
const DAY = 24 * 60 * 60 * 1000;
const rand = () => randomBytes(6).toString("hex");

interface Member {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

type Refusal = { ok: false; intent: string; error: { key: string; values?: Record<string, string | number> }; field?: string };

describeOnBackend("privacy: data download, account deletion, retention", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let fake: FakeStripe;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    setStripeForTests(undefined);
    await fake?.close();
    await h?.close();
  });
  beforeEach(() => setStripeForTests(undefined));

  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const result = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
    return cookieJar(undefined, result.headers.getSetCookie());
  }

  async function createMember(options: { name?: string; language?: "en" | "es" } = {}): Promise<Member> {
    const name = options.name ?? `Rosa Privacidad ${rand()}`;
    const email = `privacy-${rand()}@example.test`;
    const language = options.language ?? "en";
    await authCallContext.run({ language, signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.update(profiles).set({ preferredLanguage: language }).where(eq(profiles.id, user!.id));
    return { id: user!.id, email, name, cookie: await signIn(email) };
  }

  const download = (cookie: string, language?: "en" | "es") => h.call(exportLoader, { path: "/settings/my-data.json", cookie, language });
  const deleteAccount = (cookie: string, fields: Record<string, string>, language?: "en" | "es") =>
    h.call(settingsAction, { path: "/settings", cookie, language, form: { intent: "delete-account", ...fields } });
  const refusal = (answer: { body: unknown }) => answer.body as Refusal;
  const isSignedIn = async (cookie: string) => (await getAuth().api.getSession({ headers: new Headers({ cookie }) })) !== null;

  /** A little of everything the site stores, for `member`, around things of `other`'s. */
  async function seedActivity(member: Member, other: Member) {
    const now = Date.now();
    const tag = rand();
    const later = new Date(now + 30 * DAY);
    const [mine] = await db
      .insert(prayerRequests)
      .values({
        userId: member.id,
        authorName: member.name,
        title: "For my family",
        body: `Public request ${tag}`,
        category: "family",
        visibility: "public",
        status: "approved",
        expiresAt: later,
      })
      .returning();
    const [mineSecret] = await db
      .insert(prayerRequests)
      .values({
        userId: member.id,
        authorName: member.name,
        body: `Private request ${tag}`,
        category: "healing",
        visibility: "private",
        status: "approved",
        expiresAt: later,
      })
      .returning();
    const [theirs] = await db
      .insert(prayerRequests)
      .values({
        userId: other.id,
        authorName: other.name,
        body: `Someone else's burden ${tag}`,
        category: "work",
        visibility: "public",
        status: "approved",
        expiresAt: later,
        prayingCount: 1,
        reportCount: 1,
      })
      .returning();
    await db.insert(prayerIntercessions).values([
      { requestId: theirs!.id, userId: member.id },
      { requestId: mine!.id, userId: other.id },
    ]);
    await db.insert(prayerReports).values({ requestId: theirs!.id, userId: member.id, reason: "off topic" });
    await db
      .insert(inboxReplies)
      .values({ prayerRequestId: mineSecret!.id, authorName: "Pastor Ana", body: `We are praying with you ${tag}` });
    await db.insert(meetingRequests).values({
      kind: "pastor",
      userId: member.id,
      name: member.name,
      email: member.email,
      phone: "+15555550123",
      message: "I'd like to talk",
    });

    const [opportunity] = await db
      .insert(volunteerOpportunities)
      .values({ slug: `greeters-${tag}`, title: "Greeters" })
      .returning();
    await db.insert(volunteerSignups).values({
      opportunityId: opportunity!.id,
      opportunityTitle: "Greeters",
      userId: member.id,
      name: member.name,
      email: member.email,
      availability: "Sundays",
    });
    const [offering] = await db
      .insert(classOfferings)
      .values({ slug: `class-${tag}`, titleEn: "Kingdom Builders" })
      .returning();
    await db.insert(classSignups).values({ offeringId: offering!.id, userId: member.id, name: member.name, email: member.email });
    await db
      .insert(membershipApplications)
      .values({ userId: member.id, fullName: member.name, email: member.email, baptized: "yes", address: "12 Elm St" });
    await db
      .insert(signupInbox)
      .values({ kind: "class", userId: member.id, name: member.name, email: member.email, summary: "Kingdom Builders" });

    const [group] = await db
      .insert(studyGroups)
      .values({ slug: `group-${tag}`, nameEn: "Tuesday Group", dayOfWeek: 2, startTime: "19:00", meetingMode: "in_person", language: "en" })
      .returning();
    await db.insert(groupMembers).values({ groupId: group!.id, userId: member.id, status: "active", message: "Hello group" });

    // A full event: the member holds both places, the other member waits.
    const [event] = await db
      .insert(events)
      .values({
        slug: `dinner-${tag}`,
        titleEn: "Dinner",
        descriptionEn: "Dinner",
        category: "fellowship",
        startsAt: new Date(now + 10 * DAY),
        capacity: 2,
      })
      .returning();
    const [pastEvent] = await db
      .insert(events)
      .values({
        slug: `picnic-${tag}`,
        titleEn: "Picnic",
        descriptionEn: "Picnic",
        category: "fellowship",
        startsAt: new Date(now - 10 * DAY),
      })
      .returning();
    const registration = (
      userId: string,
      who: Member,
      o: { eventId: number; at: Date; status: "confirmed" | "waitlisted"; partySize: number },
    ) => ({
      eventId: o.eventId,
      occurrenceStart: o.at,
      userId,
      name: who.name,
      email: who.email,
      partySize: o.partySize,
      status: o.status,
      answers: { diet: "vegetarian" },
      cancelTokenHash: rand() + rand(),
    });
    await db
      .insert(eventRegistrations)
      .values([
        registration(member.id, member, { eventId: event!.id, at: event!.startsAt, status: "confirmed", partySize: 2 }),
        registration(member.id, member, { eventId: pastEvent!.id, at: pastEvent!.startsAt, status: "confirmed", partySize: 1 }),
      ]);
    const [waiting] = await db
      .insert(eventRegistrations)
      .values(registration(other.id, other, { eventId: event!.id, at: event!.startsAt, status: "waitlisted", partySize: 1 }))
      .returning();

    const [theirThread] = await db
      .insert(discussionThreads)
      .values({
        userId: other.id,
        authorName: other.name,
        title: "Potluck ideas",
        body: "What should we bring?",
        status: "approved",
        replyCount: 1,
      })
      .returning();
    const [myReply] = await db
      .insert(discussionReplies)
      .values({ threadId: theirThread!.id, userId: member.id, authorName: member.name, body: `Tamales! ${tag}` })
      .returning();
    const [myThread] = await db
      .insert(discussionThreads)
      .values({ userId: member.id, authorName: member.name, title: `Choir ${tag}`, body: "Who sings?", status: "approved" })
      .returning();
    const [myPendingThread] = await db
      .insert(discussionThreads)
      .values({ userId: member.id, authorName: member.name, title: "Waiting", body: "Not reviewed yet", status: "pending" })
      .returning();

    const [pendingPhoto] = await db
      .insert(mediaGallery)
      .values({
        title: "Bake sale",
        status: "pending",
        submittedByUserId: member.id,
        submitterName: member.name,
        imageUrl: "/media/demo/x.webp",
      })
      .returning();
    const [publishedPhoto] = await db
      .insert(mediaGallery)
      .values({
        title: "Choir",
        status: "approved",
        submittedByUserId: member.id,
        submitterName: member.name,
        imageUrl: "/media/demo/y.webp",
      })
      .returning();

    const [stream] = await db
      .insert(liveStreams)
      .values({ titleEn: "Sunday", provider: "youtube", youtubeVideoId: "abcdefghijk", endedAt: new Date() })
      .returning();
    await db.insert(liveChatMessages).values([
      { streamId: stream!.id, userId: member.id, authorName: member.name, body: `Amen ${tag}` },
      { streamId: stream!.id, userId: other.id, authorName: other.name, body: `Hallelujah ${tag}` },
    ]);
    await db.insert(savedPrayers).values({ userId: member.id, topic: "peace", language: "en", body: `Lord, give me peace ${tag}` });
    await db.insert(studyNotes).values({ userId: member.id, passage: "John 3:16", body: `My note ${tag}` });
    const [plan] = await db
      .insert(readingPlans)
      .values({ slug: `plan-${tag}`, titleEn: "Gospels" })
      .returning();
    const [day] = await db.insert(readingPlanDays).values({ planId: plan!.id, dayNumber: 1, passage: "John 1" }).returning();
    await db.insert(readingPlanProgress).values({ userId: member.id, dayId: day!.id });

    const paidAt = new Date(now - 5 * DAY);
    const [gift] = await db
      .insert(gifts)
      .values({ fundName: "Missions", amountCents: 5000, userId: member.id, donorName: member.name, donorEmail: member.email, paidAt })
      .returning();
    // Given as a visitor with the same (verified) address before the account existed.
    const [visitorGift] = await db
      .insert(gifts)
      .values({
        fundName: "Building",
        amountCents: 2500,
        userId: null,
        donorName: member.name,
        donorEmail: member.email.toUpperCase(),
        paidAt,
      })
      .returning();
    const [otherGift] = await db
      .insert(gifts)
      .values({ fundName: "Missions", amountCents: 700, userId: other.id, donorName: other.name, donorEmail: other.email, paidAt })
      .returning();
    const [recurring] = await db
      .insert(recurringGifts)
      .values({
        stripeSubscriptionId: `sub_${tag}`,
        fundName: "Missions",
        amountCents: 1000,
        frequency: "monthly",
        status: "canceled",
        userId: member.id,
        donorName: member.name,
        donorEmail: member.email,
        canceledAt: paidAt,
      })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        status: "picked_up",
        userId: member.id,
        name: member.name,
        email: member.email,
        phone: "+15555550123",
        fulfillment: "shipping",
        shippingAddress: { line1: "12 Elm St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        subtotalCents: 1500,
        shippingCents: 800,
        totalCents: 2300,
        expiresAt: paidAt,
        paidAt,
      })
      .returning();
    await db.insert(orderItems).values({ orderId: order!.id, productName: "Study Bible", unitPriceCents: 1500, quantity: 1 });
    const [product] = await db
      .insert(products)
      .values({ slug: `mug-${tag}`, name: "Mug", priceCents: 1200 })
      .returning();
    const [variant] = await db.insert(productVariants).values({ productId: product!.id, stock: 5 }).returning();
    const [cart] = await db.insert(carts).values({ userId: member.id }).returning();
    await db.insert(cartItems).values({ cartId: cart!.id, variantId: variant!.id, quantity: 2 });

    const [campaign] = await db
      .insert(emailCampaigns)
      .values({ subjectEn: "Easter schedule", bodyEn: "Join us", segment: "all-members", status: "sent" })
      .returning();
    await db.insert(emailCampaignRecipients).values({ campaignId: campaign!.id, userId: member.id, email: member.email, language: "en" });
    await db.insert(emailUnsubscribes).values({ email: member.email });
    await db.insert(outboxMessages).values({
      channel: "email",
      recipient: member.email,
      payload: { subject: "Your sign-in link", text: `https://church.example/auth/callback?token=secret-${tag}`, html: "" },
      status: "sent",
      sentAt: new Date(),
    });
    await db
      .insert(twoFactors)
      .values({ id: `tf-${tag}`, userId: member.id, secret: `TOTPSECRET${tag}`, backupCodes: `BACKUPCODES${tag}` });
    await db.insert(verifications).values({ id: `v-${tag}`, identifier: member.email, value: `otp-${tag}`, expiresAt: later });

    return {
      tag,
      mine,
      mineSecret,
      theirs,
      event,
      waiting,
      theirThread,
      myReply,
      myThread,
      myPendingThread,
      pendingPhoto,
      publishedPhoto,
      gift,
      visitorGift,
      otherGift,
      recurring,
      order,
      opportunity,
    };
  }

  describe("download my data", () => {
    test("signed out: sends you to sign in", async () => {
      const answer = await download("");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/auth?redirectTo=/settings");
    });

    test("a JSON attachment with everything of the member's, nothing secret and nobody else's, audit-logged", async () => {
      const member = await createMember();
      const other = await createMember();
      const seeded = await seedActivity(member, other);
      const answer = await download(member.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      const data = answer.body as MemberDataExport;
      const text = JSON.stringify(data);

      expect(data.format).toEqual({ name: "church-member-data-export", version: 1 });
      expect(data.account).toMatchObject({ id: member.id, email: member.email, emailVerified: true });
      expect(data.account.devices.some((d) => d.current)).toBe(true);
      expect(data.profile).toMatchObject({ fullName: member.name });
      // Their own requests, private included, with the church's reply to them.
      expect(data.prayerRequests.map((r) => r.body).sort()).toEqual([`Private request ${seeded.tag}`, `Public request ${seeded.tag}`]);
      expect(data.prayerRequests.find((r) => r.visibility === "private")!.repliesFromTheChurch).toEqual([
        expect.objectContaining({ body: `We are praying with you ${seeded.tag}` }),
      ]);
      // Others' requests: ids only.
      expect(data.prayersPrayed).toEqual([expect.objectContaining({ prayerRequestId: seeded.theirs!.id })]);
      expect(data.prayerRequestReports).toEqual([expect.objectContaining({ prayerRequestId: seeded.theirs!.id, reason: "off topic" })]);
      expect(text).not.toContain(`Someone else's burden ${seeded.tag}`);
      expect(data.eventRegistrations).toHaveLength(2);
      expect(data.eventRegistrations).toContainEqual(
        expect.objectContaining({ partySize: 2, status: "confirmed", answers: { diet: "vegetarian" } }),
      );
      expect(data.groupMemberships).toEqual([expect.objectContaining({ status: "active", message: "Hello group" })]);
      expect(data.classSignUps).toHaveLength(1);
      expect(data.membershipApplications).toEqual([expect.objectContaining({ address: "12 Elm St" })]);
      expect(data.visitAndMeetingRequests).toEqual([expect.objectContaining({ kind: "pastor", message: "I'd like to talk" })]);
      expect(data.volunteerSignUps).toEqual([expect.objectContaining({ ministry: "Greeters", availability: "Sundays" })]);
      expect(data.signUpsForFollowUp).toHaveLength(1);
      expect(data.discussionThreads.map((t) => t.title).sort()).toEqual([`Choir ${seeded.tag}`, "Waiting"].sort());
      expect(data.discussionReplies).toEqual([
        expect.objectContaining({ threadId: seeded.theirThread!.id, body: `Tamales! ${seeded.tag}` }),
      ]);
      expect(data.galleryPhotos).toHaveLength(2);
      expect(data.liveChatMessages.map((m) => m.body)).toEqual([`Amen ${seeded.tag}`]);
      expect(text).not.toContain(`Hallelujah ${seeded.tag}`);
      expect(data.savedPrayers).toEqual([expect.objectContaining({ body: `Lord, give me peace ${seeded.tag}` })]);
      expect(data.studyNotes).toEqual([expect.objectContaining({ body: `My note ${seeded.tag}` })]);
      expect(data.readingPlanProgress).toEqual([expect.objectContaining({ day: 1 })]);
      // Gifts given signed in and as a visitor with the verified address; never another donor's.
      expect(data.gifts.map((g) => g.amountCents).sort()).toEqual([2500, 5000]);
      expect(text).not.toContain(seeded.otherGift!.id);
      expect(data.recurringGifts).toEqual([expect.objectContaining({ status: "canceled", amountCents: 1000 })]);
      expect(data.orders).toEqual([
        expect.objectContaining({ status: "picked_up", items: [expect.objectContaining({ product: "Study Bible", quantity: 1 })] }),
      ]);
      expect(data.cart).toEqual([expect.objectContaining({ product: "Mug", quantity: 2 })]);
      expect(data.notificationPreferences).toMatchObject({ languageForEmailsAndTexts: "en", bulkEmail: { unsubscribed: true } });
      expect(data.bulkEmailsReceived).toEqual([expect.objectContaining({ subject: "Easter schedule" })]);
      // Mail sent to them: subject and dates, never the body (sign-in links live there).
      expect(data.messagesSent).toContainEqual(expect.objectContaining({ channel: "email", subject: "Your sign-in link", status: "sent" }));
      expect(text).not.toContain(`secret-${seeded.tag}`);

      // Nothing secret: no password hash, session token, TOTP secret, backup codes, token hashes.
      const [account] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, member.id));
      const tokens = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, member.id));
      expect(account!.password).toBeTruthy();
      expect(text).not.toContain(account!.password!);
      for (const { token } of tokens) expect(text).not.toContain(token);
      expect(text).not.toContain(`TOTPSECRET${seeded.tag}`);
      expect(text).not.toContain(`BACKUPCODES${seeded.tag}`);
      expect(text).not.toContain(`otp-${seeded.tag}`);
      expect(text).not.toMatch(/cancelTokenHash|calendarFeedVersion|tokenHash|"password"|staffNotes/);
      // Nobody else's personal data.
      expect(text).not.toContain(other.email);
      expect(text).not.toContain(other.name);

      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.data.export"), eq(auditLog.entityId, member.id)));
      expect(audit).toMatchObject({ actorUserId: member.id, actorName: SELF_SERVICE_ACTOR, entityType: "user", ipAddress: null });
      expect(audit!.after).toMatchObject({ prayerRequests: 2, gifts: 2, eventRegistrations: 2 });
      expect(JSON.stringify(audit)).not.toContain(member.email);
      expect(JSON.stringify(audit)).not.toContain(member.name);
    });

    test("five downloads an hour, then a 429 in the member's language", async () => {
      const member = await createMember({ language: "es" });
      for (let i = 0; i < 5; i++) expect((await download(member.cookie, "es")).status).toBe(200);
      const limited = await download(member.cookie, "es");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("cache-control")).toBe("no-store");
      expect(String(limited.body)).toContain(privacyTranslator("es")("export.rateLimited", { minutes: 60 }).split("{{")[0]!.slice(0, 30));
      expect(String(limited.body)).toContain("Ya descargó sus datos");
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "member.data.export"), eq(auditLog.entityId, member.id))),
      ).toHaveLength(5);
    });
  });

  describe("delete my account", () => {
    test("the confirmation word is required (DELETE or ELIMINAR), with the message in both languages", async () => {
      const member = await createMember({ language: "es" });
      for (const confirmation of ["", "borrar", "DELETE ME"]) {
        const answer = await deleteAccount(member.cookie, { confirmation, password: PASSWORD }, "es");
        expect(answer.status).toBe(400);
        expect(refusal(answer)).toMatchObject({
          ok: false,
          intent: "delete-account",
          error: { key: "errors.confirmationRequired" },
          field: "confirmation",
        });
      }
      expect(authTranslator("es")("errors.confirmationRequired")).toBe("Escriba ELIMINAR para confirmar.");
      expect(authTranslator("en")("errors.confirmationRequired")).toBe("Type DELETE to confirm.");
      const wrong = await deleteAccount(member.cookie, { confirmation: "ELIMINAR", password: "not-my-password" }, "es");
      expect(wrong.status).toBe(400);
      expect(refusal(wrong).error.key).toBe("errors.wrongPassword");
      const junk = await h.call(settingsAction, {
        path: "/settings",
        cookie: member.cookie,
        form: { intent: "delete-account", confirmation: "DELETE", password: "x".repeat(20_000) },
      });
      expect(junk.status).toBe(400);
      expect(refusal(junk).error.key).toBe("errors.invalidRequest");
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
      expect(await isSignedIn(member.cookie)).toBe(true);
    });

    test("removes the member's data, keeps gifts and orders anonymised, signs out everywhere, mails them in their language", async () => {
      const member = await createMember({ language: "es" });
      const other = await createMember();
      const seeded = await seedActivity(member, other);
      const secondDevice = await signIn(member.email);
      const answer = await deleteAccount(member.cookie, { confirmation: "eliminar", password: PASSWORD }, "es");
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/?deleted=1");
      expect(answer.headers.getSetCookie().some((c) => /church\.session_token=;|church\.session_token=.*Max-Age=0/i.test(c))).toBe(true);
      expect(await isSignedIn(member.cookie)).toBe(false);
      expect(await isSignedIn(secondDevice)).toBe(false);
      expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
      expect(await db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
      await expect(signIn(member.email)).rejects.toThrow();

      // Nothing anywhere points at the account any more.
      const references = await queryRows<{ tbl: string; col: string }>(
        db,
        sql`select c.conrelid::regclass::text as tbl, a.attname as col from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey) where c.contype = 'f' and c.confrelid = 'users'::regclass`,
      );
      expect(references.length).toBeGreaterThan(30);
      for (const { tbl, col } of references) {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${sql.identifier(tbl.replace(/"/g, ""))} where ${sql.identifier(col)} = ${member.id}`,
        );
        expect(row!.n, `${tbl}.${col}`).toBe(0);
      }
      // Nor does their email address or name appear in any row, but in the confirmation mail.
      const tables = await queryRows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const leftovers: string[] = [];
      for (const { name } of tables) {
        for (const needle of [member.email, member.name]) {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
          );
          if (row!.n > 0) leftovers.push(`${name}: ${row!.n} × ${needle === member.email ? "email" : "name"}`);
        }
      }
      expect(leftovers).toEqual(["outbox_messages: 1 × email"]);

      // Deleted: their requests (with who prayed for them), sign-ups, chat, unreviewed posts.
      expect(await db.select().from(prayerRequests).where(eq(prayerRequests.id, seeded.mineSecret!.id))).toEqual([]);
      expect(await db.select().from(prayerIntercessions).where(eq(prayerIntercessions.requestId, seeded.mine!.id))).toEqual([]);
      expect(await db.select().from(discussionThreads).where(eq(discussionThreads.id, seeded.myPendingThread!.id))).toEqual([]);
      expect(await db.select().from(mediaGallery).where(eq(mediaGallery.id, seeded.pendingPhoto!.id))).toEqual([]);
      // Others' things stay as they were (the count of prayers stays: those prayers happened).
      const [theirs] = await db.select().from(prayerRequests).where(eq(prayerRequests.id, seeded.theirs!.id));
      expect(theirs).toMatchObject({ prayingCount: 1, userId: other.id });
      expect(await db.select().from(liveChatMessages).where(eq(liveChatMessages.userId, other.id))).toHaveLength(1);
      // Kept without them: conversations, published photos, money.
      expect(
        await db
          .select({ userId: discussionThreads.userId, authorName: discussionThreads.authorName })
          .from(discussionThreads)
          .where(eq(discussionThreads.id, seeded.myThread!.id)),
      ).toEqual([{ userId: null, authorName: "" }]);
      expect(
        await db
          .select({ userId: discussionReplies.userId, authorName: discussionReplies.authorName, body: discussionReplies.body })
          .from(discussionReplies)
          .where(eq(discussionReplies.id, seeded.myReply!.id)),
      ).toEqual([{ userId: null, authorName: "", body: `Tamales! ${seeded.tag}` }]);
      expect(
        await db
          .select({ submitter: mediaGallery.submitterName, by: mediaGallery.submittedByUserId })
          .from(mediaGallery)
          .where(eq(mediaGallery.id, seeded.publishedPhoto!.id)),
      ).toEqual([{ submitter: null, by: null }]);
      for (const id of [seeded.gift!.id, seeded.visitorGift!.id]) {
        const [gift] = await db.select().from(gifts).where(eq(gifts.id, id));
        expect(gift).toMatchObject({ userId: null, donorName: "", donorEmail: "", fundName: expect.any(String) });
        expect([5000, 2500]).toContain(gift!.amountCents);
      }
      const [otherGift] = await db.select().from(gifts).where(eq(gifts.id, seeded.otherGift!.id));
      expect(otherGift).toMatchObject({ userId: other.id, donorEmail: other.email });
      const [recurring] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, seeded.recurring!.id));
      expect(recurring).toMatchObject({ userId: null, donorName: "", donorEmail: "", amountCents: 1000 });
      const [order] = await db.select().from(orders).where(eq(orders.id, seeded.order!.id));
      expect(order).toMatchObject({
        userId: null,
        name: "",
        email: "",
        phone: null,
        shippingAddress: null,
        totalCents: 2300,
        status: "picked_up",
      });
      expect(await db.select().from(orderItems).where(eq(orderItems.orderId, seeded.order!.id))).toHaveLength(1);
      // The place they held went to the member on the waitlist.
      const [promoted] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, seeded.waiting!.id));
      expect(promoted!.status).toBe("confirmed");
      expect(await db.select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, seeded.opportunity!.id))).toHaveLength(1);

      // Audited with counts only.
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.account.delete"), eq(auditLog.entityId, member.id)));
      expect(audit).toMatchObject({ actorUserId: null, actorName: SELF_SERVICE_ACTOR, entityType: "user", ipAddress: null, before: null });
      expect(audit!.after).toMatchObject({
        prayerRequests: 2,
        eventRegistrations: 2,
        giftsAnonymised: 2,
        ordersAnonymised: 1,
        discussionThreadsDeleted: 1,
        discussionThreadsAnonymised: 1,
      });

      // The last mail, in Spanish (the member's language), through the outbox.
      // The first mail to the address was the sign-up confirmation.
      const mail = await h.waitForMail(member.email, 2);
      expect(mail).toContain("fue eliminada");
      expect(mail).toContain("Un miembro");
      expect(mail).not.toContain("ofrendas periódicas se cancelaron");
    });

    test("the last administrator can't delete their account; with another one they can", async () => {
      const first = await h.createAdmin({ scopes: ["admin:*"] });
      // Any other super admin left by another test would make this one not the last.
      const supers = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from admin_users where 'admin:*' = any(scopes)`);
      expect(supers[0]!.n).toBe(1);
      const cookie = await signIn(first.email, ADMIN_PASSWORD);
      const refused = await deleteAccount(cookie, { confirmation: "DELETE", password: ADMIN_PASSWORD });
      expect(refused.status).toBe(409);
      expect(refusal(refused).error.key).toBe("errors.lastAdministrator");
      expect(authTranslator("en")("errors.lastAdministrator")).toMatch(/last administrator/);
      expect(authTranslator("es")("errors.lastAdministrator")).toMatch(/último administrador/);
      expect(await db.select().from(users).where(eq(users.id, first.userId))).toHaveLength(1);
      // Past the first check (better-auth called directly, as a race would): the erasure checks
      // again under the super admins' locks and changes nothing.
      await expect(
        getAuth().api.deleteUser({ body: { password: ADMIN_PASSWORD }, headers: new Headers({ cookie }) }),
      ).rejects.toBeInstanceOf(AccountDeletionBlocked);
      expect(await db.select().from(users).where(eq(users.id, first.userId))).toHaveLength(1);
      expect(await isSignedIn(cookie)).toBe(true);

      const second = await h.createAdmin({ scopes: ["admin:*"] });
      const deleted = await deleteAccount(cookie, { confirmation: "DELETE", password: ADMIN_PASSWORD });
      expect(deleted.status).toBe(303);
      expect(await db.select().from(users).where(eq(users.id, first.userId))).toEqual([]);
      const secondCookie = await signIn(second.email, ADMIN_PASSWORD);
      const last = await deleteAccount(secondCookie, { confirmation: "DELETE", password: ADMIN_PASSWORD });
      expect(last.status).toBe(409);
      expect(refusal(last).error.key).toBe("errors.lastAdministrator");
    });

    test("an unfinished store order waits; the refusal names it and changes nothing", async () => {
      const member = await createMember();
      const [order] = await db
        .insert(orders)
        .values({
          status: "paid",
          userId: member.id,
          name: member.name,
          email: member.email,
          fulfillment: "pickup",
          subtotalCents: 1000,
          totalCents: 1000,
          expiresAt: new Date(),
          paidAt: new Date(),
        })
        .returning();
      const answer = await deleteAccount(member.cookie, { confirmation: "DELETE", password: PASSWORD });
      expect(answer.status).toBe(409);
      expect(refusal(answer).error).toEqual({ key: "errors.openStoreOrder", values: { number: order!.number } });
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
      expect(await isSignedIn(member.cookie)).toBe(true);
      await db.update(orders).set({ status: "picked_up" }).where(eq(orders.id, order!.id));
      expect((await deleteAccount(member.cookie, { confirmation: "DELETE", password: PASSWORD })).status).toBe(303);
    });

    test("recurring gifts are cancelled at Stripe first; without Stripe nothing is deleted", async () => {
      const member = await createMember();
      const subscription = `sub_${rand()}`;
      await db.insert(recurringGifts).values({
        stripeSubscriptionId: subscription,
        fundName: "Missions",
        amountCents: 2000,
        frequency: "monthly",
        status: "active",
        userId: member.id,
        donorName: member.name,
        donorEmail: member.email,
      });
      const down = await deleteAccount(member.cookie, { confirmation: "DELETE", password: PASSWORD });
      expect(down.status).toBe(503);
      expect(refusal(down).error.key).toBe("errors.recurringGiftsNotCancelled");
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);

      setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
      const deleted = await deleteAccount(member.cookie, { confirmation: "DELETE", password: PASSWORD });
      expect(deleted.status).toBe(303);
      expect(fake.subscriptions.get(subscription)?.status).toBe("canceled");
      const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, subscription));
      expect(row).toMatchObject({ status: "canceled", userId: null, donorEmail: "" });
      expect(await h.waitForMail(member.email, 2)).toContain("recurring gifts were cancelled");
    });
  });

  describe("retention", () => {
    test("the purge deletes what the settings no longer keep, and only that; a second pass finds nothing", async () => {
      await db.update(churchSettings).set({ prayerRetentionDays: 10, privatePrayerRetentionDays: 20, chatRetentionDays: 5 });
      const member = await createMember();
      // Real time: the demo requests (a year on the wall) and other tests' rows are not due.
      const now = new Date();
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const request = async (o: { visibility: "public" | "members" | "private"; expires: number; updated: number; tag: string }) => {
        const [row] = await db
          .insert(prayerRequests)
          .values({
            userId: member.id,
            authorName: "R",
            body: o.tag,
            category: "other",
            visibility: o.visibility,
            status: "approved",
            expiresAt: ago(o.expires),
            updatedAt: ago(o.updated),
            createdAt: ago(Math.max(o.updated, 40)),
          })
          .returning();
        return row!.id;
      };
      const gone = await request({ visibility: "public", expires: 11, updated: 11, tag: "expired 11 days ago" });
      const goneMembers = await request({ visibility: "members", expires: 30, updated: 30, tag: "members, long gone" });
      const recent = await request({ visibility: "public", expires: 9, updated: 9, tag: "expired 9 days ago" });
      const onWall = await request({ visibility: "public", expires: -5, updated: 20, tag: "still on the wall" });
      const repliedTo = await request({ visibility: "members", expires: 15, updated: 15, tag: "staff replied 2 days ago" });
      await db.insert(inboxReplies).values({ prayerRequestId: repliedTo, authorName: "Pastor", body: "Still praying", createdAt: ago(2) });
      const goneRepliesId = await request({ visibility: "public", expires: 12, updated: 12, tag: "old reply" });
      await db.insert(inboxReplies).values({ prayerRequestId: goneRepliesId, authorName: "Pastor", body: "Old", createdAt: ago(12) });
      const privateOld = await request({ visibility: "private", expires: 100, updated: 21, tag: "private untouched 21 days" });
      const privateRecent = await request({ visibility: "private", expires: 100, updated: 19, tag: "private touched 19 days ago" });
      const [stream] = await db
        .insert(liveStreams)
        .values({ titleEn: "Old service", provider: "youtube", youtubeVideoId: "zyxwvutsrqp", endedAt: ago(1) })
        .returning();
      const [oldChat] = await db
        .insert(liveChatMessages)
        .values({ streamId: stream!.id, userId: member.id, authorName: "R", body: "old", createdAt: ago(6) })
        .returning();
      const [newChat] = await db
        .insert(liveChatMessages)
        .values({ streamId: stream!.id, userId: member.id, authorName: "R", body: "new", createdAt: ago(4) })
        .returning();
      const [session] = await db.select().from(sessions).where(eq(sessions.userId, member.id));
      await db.insert(sessions).values({ id: `old-${rand()}`, token: `old-${rand()}`, userId: member.id, expiresAt: ago(2) });
      await db
        .update(sessions)
        .set({ expiresAt: new Date(now.getTime() + DAY) })
        .where(eq(sessions.id, session!.id));

      const copy = async (daysAgo: number, recipient = `copy-${rand()}@example.test`) =>
        (
          await db
            .insert(outboxMessages)
            .values({
              channel: "email",
              recipient,
              payload: { subject: "s", text: "t", html: "" },
              status: "sent",
              sentAt: ago(daysAgo),
              createdAt: ago(daysAgo),
            })
            .returning()
        )[0]!.id;
      const oldCopy = await copy(31);
      const recentCopy = await copy(29);
      const campaignCopy = await copy(60);
      const [campaign] = await db
        .insert(emailCampaigns)
        .values({ subjectEn: "Counted", bodyEn: "b", segment: "all-members", status: "sent" })
        .returning();
      await db
        .insert(emailCampaignRecipients)
        .values({ campaignId: campaign!.id, email: `copy-${rand()}@example.test`, language: "en", outboxMessageId: campaignCopy });

      const counts = await purgeExpiredData({ db, now });
      expect(counts).toMatchObject({ wallPrayerRequests: 3, privatePrayerRequests: 1, liveChatMessages: 1 });
      expect(counts.sentMessageCopies).toBeGreaterThanOrEqual(1);
      const copies = new Set((await db.select({ id: outboxMessages.id }).from(outboxMessages)).map((m) => m.id));
      expect([copies.has(oldCopy), copies.has(recentCopy), copies.has(campaignCopy)]).toEqual([false, true, true]);
      expect(counts.expiredSessions).toBeGreaterThanOrEqual(1);
      const left = new Set(
        (await db.select({ id: prayerRequests.id }).from(prayerRequests).where(eq(prayerRequests.userId, member.id))).map((r) => r.id),
      );
      expect([...left].sort()).toEqual([recent, onWall, repliedTo, privateRecent].sort());
      for (const id of [gone, goneMembers, goneRepliesId, privateOld]) expect(left.has(id)).toBe(false);
      expect(await db.select().from(inboxReplies).where(eq(inboxReplies.prayerRequestId, goneRepliesId))).toEqual([]);
      const chats = await db.select({ id: liveChatMessages.id }).from(liveChatMessages).where(eq(liveChatMessages.streamId, stream!.id));
      expect(chats.map((c) => c.id)).toEqual([newChat!.id]);
      expect(oldChat).toBeDefined();
      expect(await db.select().from(sessions).where(eq(sessions.id, session!.id))).toHaveLength(1);

      expect(await purgeExpiredData({ db, now })).toEqual({
        wallPrayerRequests: 0,
        privatePrayerRequests: 0,
        liveChatMessages: 0,
        expiredSessions: 0,
        expiredVerifications: 0,
        sentMessageCopies: 0,
      });
    });

    test("the server's schedule runs a pass at once and stops cleanly", async () => {
      const member = await createMember();
      await db.update(churchSettings).set({ chatRetentionDays: 1 });
      const [stream] = await db
        .insert(liveStreams)
        .values({ titleEn: "Scheduled", provider: "youtube", youtubeVideoId: "schedule123", endedAt: new Date() })
        .returning();
      await db.insert(liveChatMessages).values({
        streamId: stream!.id,
        userId: member.id,
        authorName: "R",
        body: "two days old",
        createdAt: new Date(Date.now() - 2 * DAY),
      });
      const schedule = scheduleDataRetention({ db, intervalMs: 60 * 60 * 1000 });
      await schedule.stop();
      expect(await db.select().from(liveChatMessages).where(eq(liveChatMessages.streamId, stream!.id))).toEqual([]);
    });

    test("admins set the periods in Settings (validated, audited); the privacy page shows them with the church's email", async () => {
      const admin = await h.createAdmin({ scopes: ["settings"] });
      const post = (form: Record<string, string>) =>
        h.call(adminSettingsAction, { path: "/admin/settings", cookie: admin.cookie, form: { intent: "save-retention", ...form } });
      for (const bad of ["0", "3651", "abc", "", "1.5"]) {
        const answer = await post({ prayerRetentionDays: bad, privatePrayerRetentionDays: "200", chatRetentionDays: "7" });
        expect(answer.status, bad).toBe(400);
        expect(answer.body).toMatchObject({
          ok: false,
          intent: "save-retention",
          fieldErrors: { prayerRetentionDays: { key: "settings.errors.retentionDays" } },
        });
      }
      const saved = await post({ prayerRetentionDays: "45", privatePrayerRetentionDays: "200", chatRetentionDays: "7" });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ ok: true, notice: { key: "settings.retention.saved" } });
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.retention.update"));
      expect(audit).toMatchObject({ actorUserId: admin.userId });
      expect(audit!.after).toMatchObject({ prayerRetentionDays: 45, privatePrayerRetentionDays: 200, chatRetentionDays: 7 });
      const page = await h.call(adminSettingsLoader, { path: "/admin/settings", cookie: admin.cookie });
      expect((page.body as { retention: Record<string, string> }).retention).toEqual({
        prayerRetentionDays: "45",
        privatePrayerRetentionDays: "200",
        chatRetentionDays: "7",
      });

      await db.update(churchSettings).set({ email: "office@church.example" });
      for (const language of ["en", "es"] as const) {
        const privacy = await h.call(privacyLoader, { path: "/privacy", language });
        expect(privacy.status).toBe(200);
        const body = privacy.body as { contact: { email: string }; retention: Record<string, number>; seo: { title: string } };
        expect(body.contact.email).toBe("office@church.example");
        expect(body.retention).toMatchObject({ prayerRetentionDays: 45, privatePrayerRetentionDays: 200, chatRetentionDays: 7 });
        expect(body.seo.title).toBe(language === "es" ? "Privacidad" : "Privacy");
      }
    });
  });
});
