import { randomBytes, randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  auditLog,
  emailCampaignRecipients,
  emailCampaigns,
  emailUnsubscribes,
  eventRegistrations,
  events,
  groupMembers,
  outboxMessages,
  profiles,
  studyGroups,
  users,
} from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { findSegmentRecipients } from "~/features/messaging/admin/find-segment-recipients.server";
import { createUnsubscribeToken } from "~/features/messaging/admin/unsubscribe-token.server";
import { expandOccurrences } from "~/features/events/occurrences.server";
import { action, loader } from "~/routes/admin/email";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/site/email-unsubscribe";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const COMPOSE = {
  subjectEn: "Harvest supper",
  bodyEn: "Join us on Saturday.\n\nBring a friend!",
  subjectEs: "Cena de cosecha",
  bodyEs: "Acompáñenos el sábado.\n\n¡Traiga a un amigo!",
  segment: "all-members",
};

describeOnBackend("admin email section", (backend) => {
  let harness: AdminHarness;
  let admin: TestAdmin;
  let db: AdminHarness["database"]["handle"]["db"];
  const suffix = randomUUID().slice(0, 6);
  const member = (name: string) => `${name}-${suffix}@example.test`;
  const english = member("english");
  const spanish = member("spanish");
  const unverified = member("unverified");
  const disabled = member("disabled");
  const unsubscribed = member("unsubscribed");
  const phoneOnly = `+15550001111-${suffix}@phone.invalid`;

  async function addMember(email: string, options: { language?: "en" | "es"; verified?: boolean; disabled?: boolean } = {}) {
    const id = randomUUID();
    await db.insert(users).values({ id, name: email, email, emailVerified: options.verified ?? true });
    await db.insert(profiles).values({
      id,
      fullName: email,
      preferredLanguage: options.language ?? "en",
      disabledAt: options.disabled ? new Date() : null,
    });
    return id;
  }

  const tableCount = async (table: typeof emailCampaigns | typeof emailCampaignRecipients | typeof outboxMessages) =>
    Number((await db.select({ n: count() }).from(table))[0]!.n);

  beforeAll(async () => {
    harness = await startAdminHarness(backend);
    db = harness.database.handle.db;
    admin = await harness.createAdmin({ scopes: ["email"] });
    await addMember(english);
    await addMember(spanish, { language: "es" });
    await addMember(unverified, { verified: false });
    await addMember(disabled, { disabled: true });
    await addMember(unsubscribed);
    await addMember(phoneOnly);
    await db.insert(emailUnsubscribes).values({ email: unsubscribed });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test("an administrator without the email scope gets 403 for the page and every intent", async () => {
    const other = await harness.createAdmin({ scopes: ["settings"] });
    expect((await harness.call(loader, { path: "/admin/email", cookie: other.cookie })).status).toBe(403);
    for (const intent of ["save-draft", "preview", "send"]) {
      const answer = await harness.call(action, { path: "/admin/email", cookie: other.cookie, form: { intent, ...COMPOSE } });
      expect(answer.status).toBe(403);
    }
    expect(await tableCount(emailCampaigns)).toBe(0);
    // Without any admin session: off to the sign-in page.
    const anonymous = await harness.call(action, { path: "/admin/email", form: { intent: "save-draft", ...COMPOSE } });
    expect(anonymous.status).toBe(303);
  });

  test("invalid input answers 400 with translated messages and writes nothing", async () => {
    const cases: Record<string, string>[] = [
      { intent: "save-draft", ...COMPOSE, subjectEn: "" },
      { intent: "save-draft", ...COMPOSE, bodyEn: "x".repeat(20_001) },
      { intent: "save-draft", ...COMPOSE, bodyEs: "" },
      { intent: "save-draft", ...COMPOSE, segment: "group:123" },
      { intent: "save-draft", ...COMPOSE, campaignId: "not-a-uuid" },
      { intent: "send", ...COMPOSE },
      { intent: "explode", ...COMPOSE },
    ];
    for (const form of cases) {
      const answer = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form, language: "es" });
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      const body = answer.body as { message: { key: string } };
      expect(body.message.key).toMatch(/^email\.messages\./);
    }
    const missing = await harness.call(action, {
      path: "/admin/email",
      cookie: admin.cookie,
      form: { intent: "send", ...COMPOSE, campaignId: randomUUID() },
    });
    expect(missing.status).toBe(404);
    expect(await tableCount(emailCampaigns)).toBe(0);
    expect(await tableCount(emailCampaignRecipients)).toBe(0);
    expect(await tableCount(outboxMessages)).toBe(0);
  });

  test("save, preview and send: each verified member gets one mail in their language with a working unsubscribe link", async () => {
    const saved = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "save-draft", ...COMPOSE } });
    expect(saved.status).toBe(303);
    const campaignId = new URL(saved.headers.get("location")!, "http://x").searchParams.get("campaign")!;
    expect(campaignId).toMatch(/^[0-9a-f-]{36}$/);

    const preview = await harness.call(action, {
      path: `/admin/email?campaign=${campaignId}`,
      cookie: admin.cookie,
      form: { intent: "preview", campaignId, ...COMPOSE },
    });
    expect(preview.status).toBe(200);
    const { groups, unsubscribed: skippedCount } = (
      preview.body as {
        preview: { groups: { language: string; recipients: number; subject: string; text: string; html: string }[]; unsubscribed: number };
      }
    ).preview;
    expect(skippedCount).toBe(1);
    const es = groups.find((g) => g.language === "es")!;
    expect(es.recipients).toBe(1);
    expect(es.subject).toBe(COMPOSE.subjectEs);
    expect(es.text).toContain("Acompáñenos el sábado.");
    expect(es.text.trimEnd()).toMatch(/\/email\/unsubscribe\?token=[\w.-]+$/);
    expect(es.html).toContain("/email/unsubscribe?token=");
    // The admin (and any other verified English speaker) is in the English group.
    expect(groups.find((g) => g.language === "en")!.recipients).toBeGreaterThanOrEqual(1);
    expect(await tableCount(outboxMessages)).toBe(0);

    const sent = await harness.call(action, {
      path: `/admin/email?campaign=${campaignId}`,
      cookie: admin.cookie,
      form: { intent: "send", campaignId, ...COMPOSE },
    });
    expect(sent.status).toBe(303);

    const recipients = await db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    const byEmail = new Map(recipients.map((r) => [r.email, r]));
    expect(byEmail.get(english)).toMatchObject({ language: "en", skippedReason: null });
    expect(byEmail.get(english)!.outboxMessageId).toBeTruthy();
    expect(byEmail.get(spanish)).toMatchObject({ language: "es", skippedReason: null });
    expect(byEmail.get(unsubscribed)).toMatchObject({ skippedReason: "unsubscribed", outboxMessageId: null });
    for (const left of [unverified, disabled, phoneOnly]) expect(byEmail.has(left)).toBe(false);
    const [campaign] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: "sending", recipientCount: recipients.length });
    expect(await tableCount(outboxMessages)).toBe(recipients.length - 1);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "email.campaign.send"));
    expect(audits).toHaveLength(1);

    const englishMail = await harness.waitForMail(english);
    const spanishMail = await harness.waitForMail(spanish);
    expect(englishMail).toContain("Bring a friend!");
    expect(englishMail).not.toContain("Traiga a un amigo");
    expect(spanishMail).toContain("¡Traiga a un amigo!");
    expect(spanishMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Headers may be folded: unfold before reading List-Unsubscribe.
    const headerBlock = spanishMail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const listUnsubscribe = headerBlock.match(/^List-Unsubscribe: <([^>]+)>/m)?.[1];
    expect(listUnsubscribe).toBeTruthy();
    const url = new URL(listUnsubscribe!);
    expect(url.pathname).toBe("/email/unsubscribe");
    expect(spanishMail).toContain(url.search.slice("?token=".length));
    expect(harness.mails.filter((m) => m.to.includes(unsubscribed))).toHaveLength(0);

    // The link asks first (GET changes nothing), then a one-click POST unsubscribes.
    const ask = await harness.call(unsubscribeLoader, { path: url.pathname + url.search });
    expect(ask.status).toBe(200);
    expect((ask.body as { state: string }).state).toBe("confirm");
    expect(await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, spanish))).toHaveLength(0);
    const oneClick = await harness.call(unsubscribeAction, { path: url.pathname + url.search, form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status).toBe(200);
    expect((oneClick.body as { state: string }).state).toBe("done");
    expect(await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, spanish))).toHaveLength(1);
    // Again: still fine, still one row.
    expect((await harness.call(unsubscribeAction, { path: url.pathname + url.search, form: {} })).status).toBe(200);
    expect(await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, spanish))).toHaveLength(1);

    // A forged or altered token is refused and writes nothing.
    const forged = `${Buffer.from(english).toString("base64url")}.${(await createUnsubscribeToken(spanish)).split(".")[1]}`;
    for (const token of [forged, "nonsense", ""]) {
      const refused = await harness.call(unsubscribeAction, { path: `/email/unsubscribe?token=${token}`, form: {} });
      expect(refused.status).toBe(400);
    }
    expect(await db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, english))).toHaveLength(0);

    // Sending twice: refused, nothing duplicated.
    const outboxBefore = await tableCount(outboxMessages);
    const again = await harness.call(action, {
      path: `/admin/email?campaign=${campaignId}`,
      cookie: admin.cookie,
      form: { intent: "send", campaignId, ...COMPOSE },
    });
    expect(again.status).toBe(409);
    expect((again.body as { message: { key: string } }).message.key).toBe("email.messages.alreadySent");
    const editSent = await harness.call(action, {
      path: "/admin/email",
      cookie: admin.cookie,
      form: { intent: "save-draft", campaignId, ...COMPOSE },
    });
    expect(editSent.status).toBe(409);
    expect(await tableCount(outboxMessages)).toBe(outboxBefore);
    expect(await tableCount(emailCampaignRecipients)).toBe(recipients.length);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "email.campaign.send"))).toHaveLength(1);

    // Per-recipient status follows the outbox: wait for every queued message, then fail one.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pending = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "pending"));
      const sending = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "sending"));
      if (pending.length + sending.length === 0) break;
      if (Date.now() > deadline) throw new Error("outbox did not drain");
      await new Promise((r) => setTimeout(r, 100));
    }
    await db
      .update(outboxMessages)
      .set({ status: "failed", lastError: "550 mailbox unavailable" })
      .where(eq(outboxMessages.id, byEmail.get(english)!.outboxMessageId!));

    const page = await harness.call(loader, { path: `/admin/email?campaign=${campaignId}`, cookie: admin.cookie });
    expect(page.status).toBe(200);
    const view = page.body as {
      campaign: {
        status: string;
        counts: Record<string, number>;
        recipients: { email: string; status: string; lastError: string | null; skippedReason: string | null }[];
      };
      campaigns: { id: string; status: string; counts: Record<string, number> }[];
    };
    expect(view.campaign.status).toBe("sent");
    expect(view.campaign.counts).toEqual({ pending: 0, sending: 0, sent: recipients.length - 2, failed: 1, skipped: 1 });
    const rows = new Map(view.campaign.recipients.map((r) => [r.email, r]));
    expect(rows.get(english)).toMatchObject({ status: "failed", lastError: "550 mailbox unavailable" });
    expect(rows.get(spanish)).toMatchObject({ status: "sent", lastError: null });
    expect(rows.get(unsubscribed)).toMatchObject({ status: "skipped", skippedReason: "unsubscribed" });
    expect(view.campaigns[0]).toMatchObject({ id: campaignId, status: "sent" });
    const [settled] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(settled!.status).toBe("sent");
  });

  test("a new campaign skips the address that just unsubscribed; the list shows newest first", async () => {
    const saved = await harness.call(action, {
      path: "/admin/email",
      cookie: admin.cookie,
      form: { intent: "save-draft", ...COMPOSE, subjectEs: "", bodyEs: "" },
    });
    const campaignId = new URL(saved.headers.get("location")!, "http://x").searchParams.get("campaign")!;
    const sent = await harness.call(action, {
      path: "/admin/email",
      cookie: admin.cookie,
      form: { intent: "send", campaignId, ...COMPOSE, subjectEs: "", bodyEs: "", subjectEn: "Second message" },
    });
    expect(sent.status).toBe(303);
    const recipients = await db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipients.find((r) => r.email === spanish)).toMatchObject({ skippedReason: "unsubscribed", language: "en" });
    const englishMail = await harness.waitForMail(english, 2);
    expect(englishMail).toContain("Second message");
    const page = await harness.call(loader, { path: "/admin/email", cookie: admin.cookie });
    const view = page.body as { campaigns: { id: string; subjectEn: string }[] };
    expect(view.campaigns[0]!.id).toBe(campaignId);
    expect(view.campaigns[0]!.subjectEn).toBe("Second message");
  });

  test("the event-registrants segment reaches exactly the event's live registrants, in their language", async () => {
    const tag = randomBytes(4).toString("hex");
    const DAY_MS = 86_400_000;
    const makeEvent = async (slug: string, startsAt: Date, recurrence: typeof events.$inferInsert.recurrence = null) =>
      (
        await db
          .insert(events)
          .values({ slug: `${slug}-${tag}`, titleEn: slug, descriptionEn: slug, category: "test", startsAt, recurrence })
          .returning({ id: events.id })
      )[0]!.id;
    const register = (
      eventId: number,
      occurrenceStart: Date,
      email: string,
      status: "confirmed" | "waitlisted" | "cancelled",
      language: "en" | "es" = "en",
      userId: string | null = null,
    ) =>
      db.insert(eventRegistrations).values({
        eventId,
        occurrenceStart,
        userId,
        name: email,
        email,
        status,
        language,
        cancelTokenHash: randomBytes(16).toString("hex"),
      });

    const fryStart = new Date(Date.now() + 4 * DAY_MS);
    const fry = await makeEvent("fry", fryStart);
    const other = await makeEvent("other", new Date(Date.now() + 5 * DAY_MS));
    const reg = (name: string) => `${name}-${tag}@example.test`;
    await register(fry, fryStart, reg("confirmed"), "confirmed");
    await register(fry, fryStart, reg("waitlisted"), "waitlisted", "es");
    await register(fry, fryStart, reg("cancelled"), "cancelled");
    await register(fry, fryStart, reg("unsub"), "confirmed");
    await db.insert(emailUnsubscribes).values({ email: reg("unsub") });
    await register(other, new Date(Date.now() + 5 * DAY_MS), reg("other"), "confirmed");

    const form = { ...COMPOSE, segment: "event-registrants", segmentEvent: String(fry) };
    const preview = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "preview", ...form } });
    expect(preview.status).toBe(200);
    const { groups, unsubscribed: skipped } = (
      preview.body as { preview: { groups: { language: string; recipients: number }[]; unsubscribed: number } }
    ).preview;
    expect(groups.find((g) => g.language === "en")!.recipients).toBe(1);
    expect(groups.find((g) => g.language === "es")!.recipients).toBe(1);
    expect(skipped).toBe(1);

    const saved = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "save-draft", ...form } });
    expect(saved.status).toBe(303);
    const campaignId = new URL(saved.headers.get("location")!, "http://x").searchParams.get("campaign")!;
    const [draft] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(draft!.segment).toBe(`event-registrants:${fry}`);
    const sent = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "send", campaignId, ...form } });
    expect(sent.status).toBe(303);
    const recipients = await db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipients.map((r) => [r.email, r.language, r.skippedReason, r.userId]).sort()).toEqual(
      [
        [reg("confirmed"), "en", null, null],
        [reg("unsub"), "en", "unsubscribed", null],
        [reg("waitlisted"), "es", null, null],
      ].sort(),
    );

    // The page preselects the segment and event from the registrations page's link.
    const page = await harness.call(loader, { path: `/admin/email?segment=event-registrants&event=${fry}`, cookie: admin.cookie });
    expect((page.body as { preset: unknown }).preset).toEqual({
      segment: "event-registrants",
      segmentEvent: String(fry),
      segmentOccurrence: "",
      segmentGroup: "",
    });

    // A recurring event: its next occurrence, or the one chosen.
    const timeZone = await churchTimeZone(db);
    const weekly = await makeEvent("weekly", new Date(Date.now() - 7 * DAY_MS + 3_600_000), { freq: "weekly", interval: 1 });
    const [weeklyRow] = await db.select().from(events).where(eq(events.id, weekly));
    const [past, next] = expandOccurrences(weeklyRow!, timeZone, {
      from: new Date(Date.now() - 8 * DAY_MS),
      to: new Date(Date.now() + 6 * DAY_MS),
    });
    await register(weekly, past!.start, reg("last-week"), "confirmed");
    await register(weekly, next!.start, reg("this-week"), "waitlisted");
    expect((await findSegmentRecipients(db, `event-registrants:${weekly}`)).map((r) => r.email)).toEqual([reg("this-week")]);
    expect((await findSegmentRecipients(db, `event-registrants:${weekly}@${past!.start.toISOString()}`)).map((r) => r.email)).toEqual([
      reg("last-week"),
    ]);

    // No event, or an unknown one: 400 on the field, nothing written.
    const before = await tableCount(emailCampaigns);
    for (const [segmentEvent, key] of [
      ["", "email.errors.eventRequired"],
      ["abc", "email.errors.eventRequired"],
      ["999999", "email.errors.eventNotFound"],
    ] as const) {
      const refused = await harness.call(action, {
        path: "/admin/email",
        cookie: admin.cookie,
        form: { intent: "save-draft", ...form, segmentEvent },
      });
      expect(refused.status).toBe(400);
      expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.segmentEvent).toBe(key);
    }
    expect(await tableCount(emailCampaigns)).toBe(before);
  });

  test("the group-members segment reaches the group's active members and leaders, in their language", async () => {
    const tag = randomBytes(4).toString("hex");
    const makeGroup = async (slug: string, status: "active" | "archived" = "active") =>
      (
        await db
          .insert(studyGroups)
          .values({
            slug: `${slug}-${tag}`,
            nameEn: `Group ${slug}`,
            nameEs: `Grupo ${slug}`,
            dayOfWeek: 2,
            startTime: "19:00",
            meetingMode: "in_person",
            language: "bilingual",
            status,
          })
          .returning({ id: studyGroups.id })
      )[0]!.id;
    const group = await makeGroup("tuesday");
    const archived = await makeGroup("old", "archived");
    const person = (name: string) => `${name}-${tag}@example.test`;
    const join = async (
      email: string,
      status: "active" | "pending" | "left",
      role: "leader" | "member" = "member",
      language: "en" | "es" = "en",
      groupId = group,
    ) => {
      const userId = await addMember(email, { language });
      await db.insert(groupMembers).values({ groupId, userId, role, status });
    };
    await join(person("leader"), "active", "leader", "es");
    await join(person("member"), "active");
    await join(person("pending"), "pending");
    await join(person("left"), "left");
    await join(person("elsewhere"), "active", "member", "en", archived);

    const form = { ...COMPOSE, segment: "group-members", segmentGroup: String(group) };
    const saved = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "save-draft", ...form } });
    expect(saved.status).toBe(303);
    const campaignId = new URL(saved.headers.get("location")!, "http://x").searchParams.get("campaign")!;
    const [draft] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(draft!.segment).toBe(`group-members:${group}`);
    const sent = await harness.call(action, { path: "/admin/email", cookie: admin.cookie, form: { intent: "send", campaignId, ...form } });
    expect(sent.status).toBe(303);
    const recipients = await db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(recipients.map((r) => [r.email, r.language]).sort()).toEqual(
      [
        [person("leader"), "es"],
        [person("member"), "en"],
      ].sort(),
    );
    // The sent campaign is named after its group.
    const page = await harness.call(loader, { path: `/admin/email?campaign=${campaignId}`, cookie: admin.cookie });
    expect((page.body as { groupChoices: { id: number; name: string }[] }).groupChoices).toContainEqual({
      id: group,
      name: "Group tuesday",
    });
    expect((page.body as { groupChoices: { id: number }[] }).groupChoices.map((g) => g.id)).not.toContain(archived);

    // No group, an archived one or an unknown one: 400 on the field, nothing written.
    const before = await tableCount(emailCampaigns);
    for (const [segmentGroup, key] of [
      ["", "email.errors.groupRequired"],
      ["-3", "email.errors.groupRequired"],
      [String(archived), "email.errors.groupNotFound"],
      ["999999", "email.errors.groupNotFound"],
    ] as const) {
      const refused = await harness.call(action, {
        path: "/admin/email",
        cookie: admin.cookie,
        form: { intent: "save-draft", ...form, segmentGroup },
      });
      expect(refused.status).toBe(400);
      expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.segmentGroup).toBe(key);
    }
    expect(await tableCount(emailCampaigns)).toBe(before);
  });
});
