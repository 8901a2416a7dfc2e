import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import {
  auditLog,
  classOfferings,
  classSessions,
  classSignups,
  membershipApplications,
  outboxMessages,
  profiles,
  signupInbox,
  users,
} from "~/db/schema";
import { DEMO_CLASS_SLUG } from "~/features/membership/seed-demo-class.server";
import { signUpForClass } from "~/features/membership/sign-up-for-class.server";
import en from "~/i18n/locales/en/membership";
import es from "~/i18n/locales/es/membership";
import { action as signupsAction, loader as signupsLoader } from "~/routes/admin/inbox-signups";
import { action as joinAction, loader as joinLoader } from "~/routes/membership/join-church";
import { action as classAction, loader as classLoader } from "~/routes/membership/kingdom-builders-class";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

const TZ = "America/Chicago";
const PASSWORD = "grace-and-peace-7";

type ClassPage = {
  page: { title: string };
  offerings: {
    id: number;
    title: string;
    place: string | null;
    seatsLeft: number | null;
    sessions: { number: number; when: string; topic: string }[];
  }[];
  member: { name: string; email: string | null; signedUp: number[] } | null;
};
type ActionBody = { ok: boolean; message: string; fieldErrors?: Record<string, string> };
type InboxItem = {
  id: string;
  kind: string;
  language: string;
  summary: string;
  classDetails: { title: string; sessions: { number: number }[] } | null;
  application: { fullName: string; baptized: string; status: string; decidedByName: string | null; account: { how: string } | null } | null;
};

describeOnBackend("membership class and application", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let outsider: TestAdmin;
  let demoId = 0;
  const tag = randomBytes(4).toString("hex");
  let ipCounter = 0;
  const ip = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["inbox:signups"], name: "Class Staff" });
    outsider = await h.createAdmin({ scopes: ["events"], name: "Events Only" });
    const [demo] = await db.select().from(classOfferings).where(eq(classOfferings.slug, DEMO_CLASS_SLUG));
    demoId = demo!.id;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
  });

  async function createMember(name = "Ana Reyes") {
    const email = `member-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, email, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  const classPage = async (o: { cookie?: string; language?: "en" | "es" } = {}) => {
    const answer = await h.call(classLoader, { path: "/kingdom-builders-class", ...o });
    expect(answer.status).toBe(200);
    return answer.body as ClassPage;
  };
  const postClass = (form: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string } = {}) =>
    h.call(classAction, { path: "/kingdom-builders-class", form, ip: o.ip ?? ip(), ...o });
  const postJoin = (form: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string } = {}) =>
    h.call(joinAction, { path: "/join-church", form, ip: o.ip ?? ip(), ...o });
  const inbox = async (search = "?status=all") => {
    const answer = await h.call(signupsLoader, { path: `/admin/inbox/signups${search}`, cookie: staff.cookie });
    expect(answer.status).toBe(200);
    return (answer.body as { items: InboxItem[] }).items;
  };
  const mailsTo = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).map(
      (m) => m.payload as { subject: string; text: string },
    );
  const counts = async () => ({
    signups: (await db.select().from(classSignups)).length,
    applications: (await db.select().from(membershipApplications)).length,
    inbox: (await db.select().from(signupInbox)).length,
    mails: (await db.select().from(outboxMessages)).length,
  });

  async function makeOffering(capacity: number | null, title = `Class ${tag}`) {
    const [offering] = await db
      .insert(classOfferings)
      .values({
        slug: `class-${randomBytes(4).toString("hex")}`,
        titleEn: title,
        titleEs: `Clase ${title}`,
        locationName: "Room 2",
        capacity,
        status: "open",
      })
      .returning({ id: classOfferings.id });
    await db.insert(classSessions).values({
      offeringId: offering!.id,
      sessionNumber: 1,
      startsAt: new Date(Date.now() + 10 * 86_400_000),
      topicEn: "Welcome",
      topicEs: "Bienvenida",
    });
    return offering!.id;
  }

  test("the demo class: open, four Sunday sessions after worship in the church's zone, bilingual", async () => {
    const english = await classPage();
    expect(english.page.title).toBe("Kingdom Builders Class");
    const demo = english.offerings.find((o) => o.id === demoId)!;
    expect(demo).toMatchObject({ title: "Kingdom Builders Class", place: "Room 104", seatsLeft: 30 });
    expect(demo.sessions.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    expect(demo.sessions[0]!.when).toMatch(/^Sunday, .*12:30/);
    const stored = await db
      .select()
      .from(classSessions)
      .where(eq(classSessions.offeringId, demoId))
      .orderBy(asc(classSessions.sessionNumber));
    for (const s of stored) {
      expect(formatInTimeZone(s.startsAt, TZ, "EEEE HH:mm")).toBe("Sunday 12:30");
      expect(s.startsAt.getTime()).toBeGreaterThan(Date.now());
    }
    const spanish = await classPage({ language: "es" });
    const demoEs = spanish.offerings.find((o) => o.id === demoId)!;
    expect(demoEs.title).toBe("Clase Constructores del Reino");
    expect(demoEs.sessions[0]!.when).toMatch(/^domingo/);
    expect(demoEs.sessions[0]!.topic).toMatch(/^Quiénes somos/);
    expect(english.member).toBeNull();
  });

  test("a guest signs up in Spanish: sign-up, inbox row and a Spanish confirmation listing the sessions", async () => {
    const email = `guest-${tag}@example.test`;
    const answer = await postClass(
      { offeringId: String(demoId), name: "Lucía Gómez", email: `  ${email.toUpperCase()} `, phone: "(555) 010-2000" },
      { language: "es" },
    );
    expect(answer.status).toBe(200);
    expect((answer.body as ActionBody).message).toBe(es.class.success.replace("{{email}}", email));
    const [signup] = await db.select().from(classSignups).where(eq(classSignups.email, email));
    expect(signup).toMatchObject({
      offeringId: demoId,
      name: "Lucía Gómez",
      phone: "(555) 010-2000",
      language: "es",
      userId: null,
      status: "registered",
    });
    const [row] = await db.select().from(signupInbox).where(eq(signupInbox.classSignupId, signup!.id));
    expect(row).toMatchObject({ kind: "class", language: "es", userId: null, name: "Lucía Gómez", email });
    expect(row!.summary).toContain("Kingdom Builders Class");
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Inscripción confirmada: Clase Constructores del Reino");
    expect(mail!.text).toContain("Sesión 1: domingo");
    expect(mail!.text).toContain("Sesión 4: domingo");
    expect(mail!.text).toContain("Dónde: Room 104");
    const items = await inbox("?status=all&kind=class");
    const item = items.find((i) => i.id === row!.id)!;
    expect(item.classDetails).toMatchObject({ title: "Kingdom Builders Class" });
    expect(item.classDetails!.sessions).toHaveLength(4);
    expect(items.every((i) => i.kind === "class")).toBe(true);
    // The seat is taken.
    expect((await classPage()).offerings.find((o) => o.id === demoId)!.seatsLeft).toBe(29);
  });

  test("a member signs up in one step with the account's name and email; the page then says so", async () => {
    const member = await createMember("Marta Member");
    const before = await classPage({ cookie: member.cookie });
    expect(before.member).toMatchObject({ name: "Marta Member", email: member.email, signedUp: [] });
    const answer = await postClass(
      { offeringId: String(demoId), name: "Someone Else", email: "other@example.test" },
      { cookie: member.cookie },
    );
    expect(answer.status).toBe(200);
    const [signup] = await db.select().from(classSignups).where(eq(classSignups.userId, member.id));
    expect(signup).toMatchObject({ name: "Marta Member", email: member.email, language: "en" });
    const [row] = await db.select().from(signupInbox).where(eq(signupInbox.classSignupId, signup!.id));
    expect(row).toMatchObject({ kind: "class", userId: member.id, language: "en" });
    const mail = (await mailsTo(member.email)).find((m) => m.subject.startsWith("You're signed up"));
    expect(mail!.subject).toBe("You're signed up: Kingdom Builders Class");
    expect(mail!.text).toMatch(/Session 1: Sunday, .* — Who we are/);
    expect((await classPage({ cookie: member.cookie })).member!.signedUp).toEqual([demoId]);
    // Twice: refused, nothing new.
    const again = await postClass({ offeringId: String(demoId) }, { cookie: member.cookie });
    expect(again.status).toBe(409);
    expect((again.body as ActionBody).message).toBe(en.errors.alreadySignedUp);
  });

  test("one live sign-up per email: a duplicate (any case) is refused kindly, nothing written", async () => {
    const offeringId = await makeOffering(null);
    const email = `dup-${tag}@example.test`;
    expect((await postClass({ offeringId: String(offeringId), name: "First", email })).status).toBe(200);
    const before = await counts();
    const second = await postClass({ offeringId: String(offeringId), name: "Impostor", email: email.toUpperCase() });
    expect(second.status).toBe(409);
    expect((second.body as ActionBody).message).toBe(en.errors.alreadySignedUp);
    expect(JSON.stringify(second.body)).not.toContain("First");
    expect(await counts()).toEqual(before);
    // Parallel duplicates: exactly one lands.
    const racers = `race-${tag}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        signUpForClass({
          db,
          offeringId,
          person: { userId: null, name: "Racer", email: racers, phone: null, language: "en" },
          siteUrl: "http://localhost:3000",
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === "alreadySignedUp")).toBe(true);
  });

  test("capacity holds under 10 parallel sign-ups for 3 seats: exactly 3, one inbox row and email each", async () => {
    const offeringId = await makeOffering(3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signUpForClass({
          db,
          offeringId,
          person: { userId: null, name: `P${i}`, email: `seat${i}-${tag}@example.test`, phone: null, language: "en" },
          siteUrl: "http://localhost:3000",
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.error === "full")).toHaveLength(7);
    const signups = await db.select().from(classSignups).where(eq(classSignups.offeringId, offeringId));
    expect(signups).toHaveLength(3);
    const rows = await db.select().from(signupInbox).where(eq(signupInbox.kind, "class"));
    expect(rows.filter((r) => signups.some((s) => s.id === r.classSignupId))).toHaveLength(3);
    expect(
      (await db.select().from(outboxMessages)).filter(
        (m) => m.recipient.endsWith(`-${tag}@example.test`) && m.recipient.startsWith("seat"),
      ),
    ).toHaveLength(3);
    const full = await postClass({ offeringId: String(offeringId), name: "Late", email: `late-${tag}@example.test` });
    expect(full.status).toBe(409);
    expect((full.body as ActionBody).message).toBe(en.errors.full);
  });

  test("class sign-up refusals: bad input, closed class, rate limit — 4xx, translated, nothing written", async () => {
    const before = await counts();
    const cases: [Record<string, string>, number, string, "en" | "es"][] = [
      [{ offeringId: String(demoId), email: "a@example.test" }, 400, es.errors.name, "es"],
      [{ offeringId: String(demoId), name: "A", email: "not-an-email" }, 400, en.errors.email, "en"],
      [{ offeringId: String(demoId), name: "x".repeat(10_000), email: "a@example.test" }, 400, en.errors.nameLength, "en"],
      [{ offeringId: String(demoId), name: "A", email: "a@example.test", phone: "call me maybe" }, 400, en.errors.phone, "en"],
      [{ offeringId: "abc", name: "A", email: "a@example.test" }, 400, en.errors.offering, "en"],
      [{ offeringId: "999999", name: "A", email: "a@example.test" }, 404, en.errors.notFound, "en"],
    ];
    for (const [form, status, message, language] of cases) {
      const answer = await postClass(form, { language });
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(status);
      const body = answer.body as ActionBody;
      expect([body.message, ...Object.values(body.fieldErrors ?? {})]).toContain(message);
    }
    // A draft class is not open.
    const [draft] = await db
      .insert(classOfferings)
      .values({ slug: `draft-${tag}`, titleEn: "Draft", status: "draft" })
      .returning({ id: classOfferings.id });
    expect((await postClass({ offeringId: String(draft!.id), name: "A", email: "a@example.test" })).status).toBe(404);
    expect(await counts()).toEqual(before);

    // Per IP: the 11th sign-up from one address within the hour is refused (RATE_LIMIT_IP_SCALE = 1 here).
    const offeringId = await makeOffering(null, `Limits ${tag}`);
    const oneIp = "198.51.100.77";
    for (let i = 0; i < 10; i++)
      expect(
        (await postClass({ offeringId: String(offeringId), name: "N", email: `ip${i}-${tag}@example.test` }, { ip: oneIp })).status,
      ).toBe(200);
    const limited = await postClass({ offeringId: String(offeringId), name: "N", email: `ip10-${tag}@example.test` }, { ip: oneIp });
    expect(limited.status).toBe(429);
    expect((limited.body as ActionBody).message).toMatch(/^Too many attempts/);
    // Per email, across addresses.
    const target = `target-${tag}@example.test`;
    for (let i = 0; i < 5; i++) await postClass({ offeringId: String(offeringId), name: "N", email: target });
    expect((await postClass({ offeringId: String(offeringId), name: "N", email: target })).status).toBe(429);
  });

  const application = (email: string, extra: Record<string, string> = {}) => ({
    fullName: "Pedro Páramo",
    email,
    phone: "+1 555 010 3000",
    birthDate: "1985-04-12",
    address: "12 Elm St, Springfield",
    baptized: "yes",
    baptismDate: "2001-06-03",
    baptismChurch: "First Baptist",
    previousChurch: "Grace Chapel",
    howHeard: "A friend invited me",
    message: "Looking forward to it.",
    ...extra,
  });

  test("an application reaches the inbox with every field; a Spanish confirmation is queued", async () => {
    const email = `applicant-${tag}@example.test`;
    const answer = await postJoin(application(email, { email: email.toUpperCase() }), { language: "es" });
    expect(answer.status).toBe(200);
    expect((answer.body as ActionBody).message).toBe(es.join.success.replace("{{email}}", email));
    const [stored] = await db.select().from(membershipApplications).where(eq(membershipApplications.email, email));
    expect(stored).toMatchObject({
      fullName: "Pedro Páramo",
      birthDate: "1985-04-12",
      baptized: "yes",
      baptismDate: "2001-06-03",
      baptismChurch: "First Baptist",
      language: "es",
      status: "new",
      userId: null,
    });
    const [row] = await db.select().from(signupInbox).where(eq(signupInbox.applicationId, stored!.id));
    expect(row).toMatchObject({ kind: "membership", language: "es", name: "Pedro Páramo", email });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Recibimos su solicitud de membresía");
    const item = (await inbox("?status=all&kind=membership")).find((i) => i.id === row!.id)!;
    expect(item.application).toMatchObject({ fullName: "Pedro Páramo", baptized: "yes", status: "new", account: null });
    // "No" drops the baptism details.
    const other = `nobaptism-${tag}@example.test`;
    expect((await postJoin(application(other, { baptized: "no" }))).status).toBe(200);
    const [second] = await db.select().from(membershipApplications).where(eq(membershipApplications.email, other));
    expect(second).toMatchObject({ baptized: "no", baptismDate: null, baptismChurch: null });
  });

  test("application refusals: missing name, bad email, future dates, 10,000-character fields, wrong types — 400, translated, nothing written", async () => {
    const before = await counts();
    const tomorrow = formatInTimeZone(new Date(Date.now() + 2 * 86_400_000), TZ, "yyyy-MM-dd");
    const cases: [Record<string, string>, string, string, "en" | "es"][] = [
      [application("a@example.test", { fullName: "" }), "fullName", en.errors.name, "en"],
      [application("a@example.test", { fullName: "  " }), "fullName", es.errors.name, "es"],
      [application("bad email"), "email", en.errors.email, "en"],
      [application("a@example.test", { birthDate: tomorrow }), "birthDate", en.errors.birthDateFuture, "en"],
      [application("a@example.test", { birthDate: "2020-02-30" }), "birthDate", en.errors.birthDate, "en"],
      [application("a@example.test", { baptismDate: tomorrow }), "baptismDate", es.errors.baptismDateFuture, "es"],
      [application("a@example.test", { message: "x".repeat(10_000) }), "message", en.errors.message, "en"],
      [application("a@example.test", { address: "x".repeat(10_000) }), "address", en.errors.address, "en"],
      [application("a@example.test", { howHeard: "x".repeat(10_000) }), "howHeard", en.errors.howHeard, "en"],
      [application("a@example.test", { baptized: "maybe" }), "baptized", en.errors.baptized, "en"],
    ];
    for (const [form, field, message, language] of cases) {
      const answer = await postJoin(form, { language });
      expect(answer.status, field).toBe(400);
      expect((answer.body as ActionBody).fieldErrors?.[field], field).toBe(message);
    }
    // Wrong types in a JSON body: translated field errors, not a 500.
    const request = new Request("http://localhost:3000/join-church", {
      method: "POST",
      headers: { "content-type": "application/json", "x-church-client-ip": ip() },
      body: JSON.stringify({ fullName: 42, email: ["a@example.test"], baptized: true, birthDate: { y: 1 } }),
    });
    const typed = await joinAction({ request, params: {}, context: {} } as unknown as Parameters<typeof joinAction>[0]);
    const init = typed as unknown as { init: { status: number }; data: ActionBody };
    expect(init.init.status).toBe(400);
    expect(init.data.fieldErrors).toMatchObject({
      fullName: en.errors.name,
      email: en.errors.email,
      baptized: en.errors.baptized,
      birthDate: en.errors.birthDate,
    });
    const garbage = await joinAction({
      request: new Request("http://localhost:3000/join-church", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }),
      params: {},
      context: {},
    } as unknown as Parameters<typeof joinAction>[0]);
    expect((garbage as unknown as { init: { status: number } }).init.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test("a member's form is prefilled; approval makes the linked account a member today, audited", async () => {
    const member = await createMember("Rosa Linked");
    const page = await h.call(joinLoader, { path: "/join-church", cookie: member.cookie });
    expect((page.body as { member: { name: string; email: string } }).member).toMatchObject({ name: "Rosa Linked", email: member.email });
    expect((await postJoin(application(member.email, { fullName: "Rosa Linked" }), { cookie: member.cookie })).status).toBe(200);
    const [stored] = await db.select().from(membershipApplications).where(eq(membershipApplications.userId, member.id));
    const [row] = await db.select().from(signupInbox).where(eq(signupInbox.applicationId, stored!.id));
    expect(row!.userId).toBe(member.id);
    expect((await inbox()).find((i) => i.id === row!.id)!.application!.account).toMatchObject({ how: "linked" });

    const decide = (applicationStatus: string, cookie = staff.cookie) =>
      h.call(signupsAction, {
        path: "/admin/inbox/signups",
        cookie,
        form: { intent: "decide-application", id: row!.id, applicationStatus, filter: "all" },
      });
    // Without the scope: 403, nothing changes.
    expect((await decide("approved", outsider.cookie)).status).toBe(403);
    expect((await h.call(signupsLoader, { path: "/admin/inbox/signups", cookie: outsider.cookie })).status).toBe(403);

    const review = await decide("reviewing");
    expect(review.status).toBe(303);
    expect((await db.select().from(membershipApplications).where(eq(membershipApplications.id, stored!.id)))[0]).toMatchObject({
      status: "reviewing",
      decidedBy: null,
    });
    const approved = await decide("approved");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toContain("done=approved-member");
    const [after] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, stored!.id));
    expect(after).toMatchObject({ status: "approved", decidedBy: staff.userId });
    expect(after!.decidedAt).toBeInstanceOf(Date);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile).toMatchObject({ membershipStatus: "member", memberSince: formatInTimeZone(new Date(), TZ, "yyyy-MM-dd") });
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, stored!.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["membership.application.approved", "membership.application.reviewing"]);
    expect(audits.find((a) => a.action === "membership.application.approved")).toMatchObject({
      actorName: "Class Staff",
      before: { status: "reviewing" },
    });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, "member.membership.update"))),
    ).toHaveLength(1);
    // A decision is final.
    const again = await decide("declined");
    expect(again.status).toBe(409);
    expect((again.body as { key: string }).key).toBe("signups.errors.alreadyDecided");
    expect((await inbox()).find((i) => i.id === row!.id)!.application).toMatchObject({ status: "approved", decidedByName: "Class Staff" });
  });

  test("approval finds the account by verified email; a decline changes no member; no account is said so", async () => {
    const member = await createMember("Email Match");
    await db.update(profiles).set({ membershipStatus: "regular" }).where(eq(profiles.id, member.id));
    const submit = async (email: string) => {
      expect((await postJoin(application(email))).status).toBe(200);
      const [stored] = await db
        .select()
        .from(membershipApplications)
        .where(eq(membershipApplications.email, email.toLowerCase()))
        .orderBy(desc(membershipApplications.createdAt))
        .limit(1);
      const [row] = await db.select().from(signupInbox).where(eq(signupInbox.applicationId, stored!.id));
      return { applicationId: stored!.id, inboxId: row!.id };
    };
    const decide = (id: string, applicationStatus: string) =>
      h.call(signupsAction, {
        path: "/admin/inbox/signups",
        cookie: staff.cookie,
        form: { intent: "decide-application", id, applicationStatus },
      });

    // Declined: the member record stays as it was.
    const declined = await submit(member.email);
    expect((await inbox()).find((i) => i.id === declined.inboxId)!.application!.account).toMatchObject({ how: "email" });
    expect((await decide(declined.inboxId, "declined")).status).toBe(303);
    expect((await db.select().from(profiles).where(eq(profiles.id, member.id)))[0]).toMatchObject({
      membershipStatus: "regular",
      memberSince: null,
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, member.id))).toHaveLength(0);
    expect((await db.select().from(membershipApplications).where(eq(membershipApplications.id, declined.applicationId)))[0]).toMatchObject({
      status: "declined",
      decidedBy: staff.userId,
    });

    // Approved by email match (no link).
    await db.delete(outboxMessages);
    const matched = await submit(`${member.email}`.toUpperCase());
    expect((await decide(matched.inboxId, "approved")).status).toBe(303);
    expect((await db.select().from(profiles).where(eq(profiles.id, member.id)))[0]!.membershipStatus).toBe("member");

    // Without an account only the decision is recorded.
    const loneEmail = `nobody-${tag}@example.test`;
    const lone = await submit(loneEmail);
    expect((await inbox()).find((i) => i.id === lone.inboxId)!.application!.account).toBeNull();
    const answer = await decide(lone.inboxId, "approved");
    expect(answer.headers.get("location")).toContain("done=approved-no-account");
    expect((await db.select().from(membershipApplications).where(eq(membershipApplications.id, lone.applicationId)))[0]!.status).toBe(
      "approved",
    );
    // Bad decisions: 400.
    expect((await decide(lone.inboxId, "maybe")).status).toBe(400);
    expect((await decide("not-a-uuid", "approved")).status).toBe(400);
  });

  test("application rate limits: per IP and per email", async () => {
    const oneIp = "198.51.100.88";
    for (let i = 0; i < 5; i++) expect((await postJoin(application(`rl${i}-${tag}@example.test`), { ip: oneIp })).status).toBe(200);
    const limited = await postJoin(application(`rl5-${tag}@example.test`), { ip: oneIp, language: "es" });
    expect(limited.status).toBe(429);
    expect((limited.body as ActionBody).message).toMatch(/^Demasiados intentos/);
    const email = `again-${tag}@example.test`;
    for (let i = 0; i < 3; i++) expect((await postJoin(application(email))).status).toBe(200);
    expect((await postJoin(application(email))).status).toBe(429);
  });
});
