// Study groups (issue 6): /community and the group pages — the join flow end to end, leaders'
// decisions and their permission checks, capacity under concurrent accepts, the emails in each
// recipient's language, and bad input answered 4xx with a translated message.
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, groupMembers, outboxMessages, profiles, studyGroups, users, type OutboxEmailPayload } from "~/db/schema";
import { decideJoinRequest } from "~/features/groups/decide-join-request.server";
import { nextMeetings } from "~/features/groups/group-schedule";
import { loadMembersPage } from "~/features/people/admin/load-members-page.server";
import { listMemberGroups } from "~/features/groups/list-member-groups.server";
import { requestToJoin } from "~/features/groups/request-to-join.server";
import { seedDemoGroups } from "~/features/groups/seed-demo-groups.server";
import { action as communityAction, loader as communityLoader } from "~/routes/community/community";
import { action as groupAction, loader as groupLoader } from "~/routes/community/group";
import { action as adminEditAction } from "~/routes/admin/group-edit";
import { authCallContext, getAuth } from "~/server/auth.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
const withParams =
  (fn: RouteFn, params: Record<string, string>): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params });

interface Member {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

type CommunityData = {
  groups: Array<{
    id: number;
    slug: string;
    name: string;
    scheduleLabel: string;
    leaders: string[];
    language: string;
    mode: string;
    full: boolean;
    membership: { status: string; role: string; requestAgainFrom: string | null } | null;
  }>;
  signedIn: boolean;
  page: { title: string };
};
type GroupData = {
  group: CommunityData["groups"][number];
  isMember: boolean;
  isLeader: boolean;
  members: Array<{ id: string; name: string; role: string; email: string | null; phone: string | null; isSelf: boolean }> | null;
  requests: Array<{ id: string; name: string; message: string }> | null;
  schedule: { meetings: Array<{ start: string; label: string }>; notes: string | null; onlineUrl: string | null } | null;
};
type ActionData = { ok: boolean; message: string; groupId: number | null; fieldErrors: Record<string, string> };

describeOnBackend("study groups", (backend) => {
  let h: AdminHarness;
  let adminCookie: string;
  const db = () => h.database.handle.db;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    adminCookie = (await h.createAdmin({ scopes: ["groups"] })).cookie;
  });
  afterAll(() => h?.close());

  async function createMember(name: string, o: { language?: "en" | "es"; showEmail?: boolean } = {}): Promise<Member> {
    const tag = randomBytes(4).toString("hex");
    const email = `group-${tag}@example.test`;
    await authCallContext.run(
      { language: o.language ?? "en", signup: { fullName: name, username: "", displayName: name, phone: null } },
      () => getAuth().api.signUpEmail({ body: { name, email, password: "grace-and-peace-7" } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db()
      .update(profiles)
      .set({ preferredLanguage: o.language ?? "en", directoryShowEmail: o.showEmail ?? false })
      .where(eq(profiles.id, user!.id));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: "grace-and-peace-7" }, returnHeaders: true });
    return { id: user!.id, email, name, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
  }

  async function createGroup(values: Partial<typeof studyGroups.$inferInsert> = {}) {
    const slug = `test-group-${randomBytes(3).toString("hex")}`;
    const [row] = await db()
      .insert(studyGroups)
      .values({
        slug,
        nameEn: "Test Fellowship",
        nameEs: "Comunión de prueba",
        descriptionEn: "A group for the tests.",
        dayOfWeek: 3,
        startTime: "19:00",
        meetingMode: "hybrid",
        locationName: "Room 1",
        onlineUrl: "https://meet.example.test/room",
        language: "en",
        scheduleNotesEn: "Bring a Bible.",
        scheduleNotesEs: "Traiga una Biblia.",
        ...values,
      })
      .returning();
    return row!;
  }

  const community = async (cookie?: string, query = "", language?: "en" | "es") => {
    const result = await h.call(communityLoader, { path: `/community${query}`, cookie, language });
    expect(result.status).toBe(200);
    return result.body as CommunityData;
  };
  const groupPage = async (slug: string, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(withParams(groupLoader, { slug }), { path: `/community/groups/${slug}`, cookie, language });
    return { status: result.status, body: result.body as GroupData };
  };
  const postGroup = async (slug: string, form: Record<string, string>, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(withParams(groupAction, { slug }), { path: `/community/groups/${slug}`, cookie, form, language });
    return { status: result.status, body: result.body as ActionData };
  };
  const postCommunity = async (form: Record<string, string>, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(communityAction, { path: "/community", cookie, form, language });
    return { status: result.status, body: result.body as ActionData };
  };
  const membershipOf = async (groupId: number, userId: string) =>
    (
      await db()
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    )[0];
  /** The group emails to one address, oldest first (the sign-up's confirmation email left out). */
  const mailsTo = async (email: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email)).orderBy(asc(outboxMessages.createdAt)))
      .map((m) => m.payload as OutboxEmailPayload)
      .filter((p) => !/^(Confirm|Confirme) /.test(p.subject));
  const addLeader = async (groupId: number, email: string) => {
    const result = await h.call(withParams(adminEditAction, { groupId: String(groupId) }), {
      path: `/admin/groups/${groupId}`,
      cookie: adminCookie,
      form: { intent: "add-leader", leaderEmail: email },
    });
    expect(result.status).toBe(200);
  };

  describe("the public pages", () => {
    test("/community lists the demo groups with day, time, place, leader and language, in both languages", async () => {
      const en = await community();
      expect(en.page.title).toBe("Community");
      expect(en.signedIn).toBe(false);
      const tuesday = en.groups.find((g) => g.slug === "tuesday-night-bible-study");
      expect(tuesday).toMatchObject({
        name: "Tuesday Night Bible Study",
        scheduleLabel: "Every Tuesday at 7:00\u00a0PM",
        leaders: ["David & Karen Miller"],
        language: "en",
        mode: "in_person",
        membership: null,
      });
      expect(en.groups.map((g) => g.slug)).toEqual(
        expect.arrayContaining(["grupo-de-estudio-en-espanol", "bilingual-online-study", "womens-morning-study"]),
      );

      const es = await community(undefined, "?lang=es", "es");
      expect(es.page.title).toBe("Comunidad");
      const spanish = es.groups.find((g) => g.slug === "grupo-de-estudio-en-espanol");
      expect(spanish).toMatchObject({
        name: "Grupo de estudio bíblico en español",
        scheduleLabel: "Cada jueves a las 7:30\u00a0p.\u00a0m.",
      });
    });

    test("filters by language (bilingual groups count for both), day and in person/online; unknown values mean any", async () => {
      const slugs = async (query: string) =>
        (await community(undefined, query)).groups.map((g) => g.slug).filter((s) => !s.startsWith("test-"));
      expect(await slugs("?language=es")).toEqual(
        expect.arrayContaining(["grupo-de-estudio-en-espanol", "bilingual-online-study", "womens-morning-study"]),
      );
      expect(await slugs("?language=es")).not.toContain("tuesday-night-bible-study");
      expect(await slugs("?language=bilingual")).toEqual(["bilingual-online-study", "womens-morning-study"]);
      expect(await slugs("?day=2")).toEqual(["tuesday-night-bible-study"]);
      expect(await slugs("?mode=online")).toEqual(["bilingual-online-study", "womens-morning-study"]);
      expect(await slugs("?mode=in_person&language=en")).toEqual(["tuesday-night-bible-study", "womens-morning-study"]);
      expect((await slugs("?language=klingon&day=9&mode=x")).length).toBeGreaterThanOrEqual(4);
    });

    test("the demo seed is idempotent", async () => {
      const before = await db().select().from(studyGroups);
      await seedDemoGroups(db(), new Date());
      expect(await db().select().from(studyGroups)).toHaveLength(before.length);
    });

    test("unknown and archived groups are 404, on the page and for its forms", async () => {
      expect((await groupPage("no-such-group")).status).toBe(404);
      const archived = await createGroup({ status: "archived" });
      expect((await groupPage(archived.slug)).status).toBe(404);
      expect((await community()).groups.some((g) => g.id === archived.id)).toBe(false);
      const member = await createMember("Ana Archive");
      expect((await postGroup(archived.slug, { intent: "request" }, member.cookie)).status).toBe(404);
      expect((await postCommunity({ intent: "request", groupId: String(archived.id) }, member.cookie)).status).toBe(404);
    });

    test("a guest sees the public information only, and is asked to sign in", async () => {
      const page = await groupPage("bilingual-online-study");
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ isMember: false, members: null, requests: null, schedule: null });
      // The meeting link is for members only: not anywhere in the guest's data.
      expect(JSON.stringify(page.body)).not.toContain("meet.example.org");
      const refused = await postGroup("bilingual-online-study", { intent: "request" });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe("Please sign in first.");
    });
  });

  describe("joining", () => {
    test("request → duplicate refused → a non-leader cannot accept → the leader accepts → members see each other and the schedule → leave", async () => {
      const group = await createGroup();
      const leader = await createMember("Lucía Líder", { language: "es", showEmail: true });
      const member = await createMember("Mark Member");
      const outsider = await createMember("Olga Outsider");
      await addLeader(group.id, leader.email);

      // The leader's row makes them an active leader; the card shows their name instead of the contact name.
      expect((await community()).groups.find((g) => g.id === group.id)?.leaders).toEqual(["Lucía Líder"]);

      const asked = await postCommunity({ intent: "request", groupId: String(group.id), message: "I'd love to join!" }, member.cookie);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({
        ok: true,
        groupId: group.id,
        message: "Your request has been sent. The group's leaders will let you know by email.",
      });
      expect(await membershipOf(group.id, member.id)).toMatchObject({ status: "pending", role: "member", message: "I'd love to join!" });
      // The leader is emailed in Spanish (their preferred language), with the message.
      const [toLeader] = await mailsTo(leader.email);
      expect(toLeader?.subject).toBe("Nueva solicitud para unirse a Comunión de prueba");
      expect(toLeader?.text).toContain("Mark Member solicitó unirse a Comunión de prueba.");
      expect(toLeader?.text).toContain("I'd love to join!");
      expect(toLeader?.text).toContain(`/community/groups/${group.slug}?lang=es`);

      const again = await postGroup(group.slug, { intent: "request" }, member.cookie);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("You have already asked to join this group. The leaders will answer soon.");
      expect((await community(member.cookie)).groups.find((g) => g.id === group.id)?.membership).toMatchObject({ status: "pending" });

      // Pending: still no member data.
      expect((await groupPage(group.slug, member.cookie)).body).toMatchObject({ isMember: false, members: null, schedule: null });

      const leaderView = await groupPage(group.slug, leader.cookie);
      expect(leaderView.body.isLeader).toBe(true);
      expect(leaderView.body.requests).toEqual([expect.objectContaining({ name: "Mark Member", message: "I'd love to join!" })]);
      const requestId = leaderView.body.requests![0]!.id;

      // Someone who does not lead this group cannot decide, whatever they post.
      const forbidden = await postGroup(group.slug, { intent: "accept", memberId: requestId }, outsider.cookie);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe("Only the group's leaders can do that.");
      // … not even by naming the request through another group's page.
      const otherGroup = await createGroup();
      await addLeader(otherGroup.id, outsider.email);
      expect((await postGroup(otherGroup.slug, { intent: "accept", memberId: requestId }, outsider.cookie)).status).toBe(404);
      expect((await membershipOf(group.id, member.id))?.status).toBe("pending");

      const accepted = await postGroup(group.slug, { intent: "accept", memberId: requestId }, leader.cookie, "es");
      expect(accepted.status).toBe(200);
      expect(accepted.body.message).toBe("La solicitud fue aceptada. Le escribimos al nuevo miembro.");
      expect(await membershipOf(group.id, member.id)).toMatchObject({ status: "active", decidedBy: leader.id });
      const [welcome] = await mailsTo(member.email);
      expect(welcome?.subject).toBe("Welcome to Test Fellowship");
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "group.request.accept"), eq(auditLog.entityId, String(group.id))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: leader.id });

      // The admin members section lists it in the member's detail, in the admin's language.
      expect(await listMemberGroups(db(), member.id, "es")).toEqual([
        { groupId: group.id, name: "Comunión de prueba", role: "member", status: "active" },
      ]);
      const membersPage = await loadMembersPage({
        db: db(),
        language: "es",
        url: new URL(`http://church.test/admin/members?member=${member.id}`),
      });
      expect(membersPage.detail?.groups).toEqual([{ groupId: group.id, name: "Comunión de prueba", role: "member", status: "active" }]);

      const memberView = (await groupPage(group.slug, member.cookie)).body;
      expect(memberView.isMember).toBe(true);
      expect(memberView.isLeader).toBe(false);
      expect(memberView.requests).toBeNull();
      expect(memberView.members?.map((m) => [m.name, m.role, m.isSelf])).toEqual([
        ["Lucía Líder", "leader", false],
        ["Mark Member", "member", true],
      ]);
      // Contact details only where the member's directory settings allow them.
      expect(memberView.members?.find((m) => m.name === "Lucía Líder")?.email).toBe(leader.email);
      expect(memberView.members?.find((m) => m.name === "Mark Member")?.email).toBeNull();
      expect(memberView.schedule?.meetings).toHaveLength(6);
      expect(memberView.schedule?.meetings.every((m) => /Wednesday, .* 7:00\s?–\s?8:30\s?PM$/.test(m.label))).toBe(true);
      expect(memberView.schedule).toMatchObject({ notes: "Bring a Bible.", onlineUrl: "https://meet.example.test/room" });

      // Someone outside the group still sees none of it.
      expect((await groupPage(group.slug, outsider.cookie)).body).toMatchObject({
        isMember: false,
        members: null,
        schedule: null,
        requests: null,
      });

      const left = await postCommunity({ intent: "leave", groupId: String(group.id) }, member.cookie);
      expect(left.status).toBe(200);
      expect(left.body.message).toBe("You have left the group.");
      expect((await membershipOf(group.id, member.id))?.status).toBe("left");
      expect((await groupPage(group.slug, member.cookie)).body.members).toBeNull();
      // Leaving twice: nothing to leave.
      expect((await postCommunity({ intent: "leave", groupId: String(group.id) }, member.cookie)).status).toBe(409);
      // Who left may ask again at once.
      expect((await postCommunity({ intent: "request", groupId: String(group.id) }, member.cookie)).status).toBe(200);
    });

    test("a pending request can be withdrawn; a declined member is told in their language and may ask again after 30 days", async () => {
      const group = await createGroup();
      const leader = await createMember("Leo Leader");
      const member = await createMember("Sofía Solicitante", { language: "es" });
      await addLeader(group.id, leader.email);

      expect((await postGroup(group.slug, { intent: "request" }, member.cookie)).status).toBe(200);
      const withdrawn = await postGroup(group.slug, { intent: "cancel" }, member.cookie, "es");
      expect(withdrawn.body).toMatchObject({ ok: true, message: "Su solicitud fue retirada." });
      expect(await membershipOf(group.id, member.id)).toBeUndefined();
      expect((await postGroup(group.slug, { intent: "cancel" }, member.cookie)).status).toBe(409);

      expect((await postGroup(group.slug, { intent: "request" }, member.cookie)).status).toBe(200);
      const requestId = (await membershipOf(group.id, member.id))!.id;
      const declined = await postGroup(group.slug, { intent: "decline", memberId: requestId }, leader.cookie);
      expect(declined.body).toMatchObject({ ok: true, message: "The request was declined. We let the person know by email." });
      expect((await membershipOf(group.id, member.id))?.status).toBe("declined");
      const [mail] = await mailsTo(member.email);
      expect(mail?.subject).toBe("Sobre su solicitud para unirse a Comunión de prueba");
      // Deciding twice is refused.
      expect((await postGroup(group.slug, { intent: "accept", memberId: requestId }, leader.cookie)).status).toBe(409);

      const tooSoon = await postGroup(group.slug, { intent: "request" }, member.cookie, "es");
      expect(tooSoon.status).toBe(409);
      expect(tooSoon.body.message).toMatch(
        /^Su última solicitud no fue aceptada\. Puede volver a solicitarlo a partir del \d+ de \w+ de \d{4}\.$/,
      );
      const card = (await community(member.cookie, "?lang=es", "es")).groups.find((g) => g.id === group.id);
      expect(card?.membership).toMatchObject({ status: "declined", requestAgainFrom: expect.stringMatching(/\d{4}/) });

      const later = new Date(Date.now() + 31 * 86_400_000);
      expect(
        await requestToJoin({
          db: db(),
          groupId: group.id,
          userId: member.id,
          requesterName: member.name,
          message: "",
          siteUrl: "http://localhost:3000",
          now: later,
        }),
      ).toMatchObject({ ok: true });
      expect((await membershipOf(group.id, member.id))?.status).toBe("pending");
    });

    test("closed and full groups take no requests; the page says why", async () => {
      const closed = await createGroup({ isOpen: false });
      const full = await createGroup({ capacity: 1 });
      const first = await createMember("First Person");
      const second = await createMember("Second Person");
      await db().insert(groupMembers).values({ groupId: full.id, userId: first.id, status: "active" });

      const closedRefusal = await postGroup(closed.slug, { intent: "request" }, second.cookie);
      expect(closedRefusal).toMatchObject({ status: 409, body: { message: "This group is not taking new members right now." } });
      const fullRefusal = await postGroup(full.slug, { intent: "request" }, second.cookie, "es");
      expect(fullRefusal).toMatchObject({ status: 409, body: { message: "Este grupo está lleno por ahora." } });
      expect((await groupPage(full.slug, second.cookie)).body.group.full).toBe(true);
    });

    test("capacity holds under concurrent accepts: 6 requests, 2 places, 6 parallel accepts", async () => {
      const group = await createGroup({ capacity: 2 });
      const people = await Promise.all(Array.from({ length: 6 }, (_, i) => createMember(`Parallel ${i}`)));
      for (const p of people)
        expect(
          (
            await requestToJoin({
              db: db(),
              groupId: group.id,
              userId: p.id,
              requesterName: p.name,
              message: "",
              siteUrl: "http://localhost:3000",
            })
          ).ok,
        ).toBe(true);
      const requests = await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
      const admin = { kind: "admin" as const, userId: people[0]!.id, name: "Admin", ip: null };
      const results = await Promise.all(
        requests.map((r) =>
          decideJoinRequest({
            db: db(),
            actor: admin,
            groupId: group.id,
            memberId: r.id,
            decision: "accept",
            siteUrl: "http://localhost:3000",
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(results.filter((r) => !r.ok && r.error === "full")).toHaveLength(4);
      const active = await db()
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.status, "active")));
      expect(active).toHaveLength(2);
      expect((await community()).groups.find((g) => g.id === group.id)?.full).toBe(true);
    });

    test("leaders remove members (not other leaders); members cannot remove anyone", async () => {
      const group = await createGroup();
      const leader = await createMember("Lena Leader");
      const coLeader = await createMember("Cole Leader");
      const member = await createMember("Mia Member");
      await addLeader(group.id, leader.email);
      await addLeader(group.id, coLeader.email);
      await db().insert(groupMembers).values({ groupId: group.id, userId: member.id, status: "active" });
      const ids = Object.fromEntries(
        (await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).map((r) => [r.userId, r.id]),
      );

      expect((await postGroup(group.slug, { intent: "remove", memberId: ids[leader.id]! }, member.cookie)).status).toBe(403);
      const leaderRemoval = await postGroup(group.slug, { intent: "remove", memberId: ids[coLeader.id]! }, leader.cookie);
      expect(leaderRemoval).toMatchObject({ status: 409, body: { message: "Leaders can only be removed by an administrator." } });
      const removed = await postGroup(group.slug, { intent: "remove", memberId: ids[member.id]! }, leader.cookie);
      expect(removed).toMatchObject({ status: 200, body: { message: "The member was removed from the group." } });
      expect((await membershipOf(group.id, member.id))?.status).toBe("removed");
      // Removed: they may not ask again straight away.
      expect((await postGroup(group.slug, { intent: "request" }, member.cookie)).status).toBe(409);
    });
  });

  describe("bad input", () => {
    test("answers 4xx with a translated message, never a 500", async () => {
      const member = await createMember("Bad Input");
      const noIntent = await postCommunity({}, member.cookie);
      expect(noIntent).toMatchObject({
        status: 400,
        body: { ok: false, message: "Something went wrong with that form. Please try again." },
      });
      const spanish = await postCommunity({ intent: "dance" }, member.cookie, "es");
      expect(spanish).toMatchObject({
        status: 400,
        body: { message: "Hubo un problema con el formulario. Por favor, inténtelo de nuevo." },
      });
      expect((await postCommunity({ intent: "request", groupId: "abc" }, member.cookie)).status).toBe(400);
      expect((await postCommunity({ intent: "request", groupId: "99999999" }, member.cookie)).status).toBe(404);
      const long = await postGroup("tuesday-night-bible-study", { intent: "request", message: "x".repeat(1001) }, member.cookie, "es");
      expect(long.status).toBe(400);
      expect(long.body.fieldErrors.message).toBe("Por favor, escriba un mensaje de menos de 1000 caracteres.");
      expect((await postGroup("tuesday-night-bible-study", { intent: "accept", memberId: "not-a-uuid" }, member.cookie)).status).toBe(400);
      // Join requests are rate limited per member (10 an hour), refused ones included: 429, translated.
      const closed = await createGroup({ isOpen: false });
      for (let i = 0; i < 10; i++) expect((await postGroup(closed.slug, { intent: "request" }, member.cookie)).status).toBe(409);
      const limited = await postGroup(closed.slug, { intent: "request" }, member.cookie, "es");
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Demasiadas solicitudes\. Por favor, inténtelo de nuevo en \d+ minutos\.$/);
      // A NUL byte in a field (PostgreSQL refuses those) is refused as invalid input.
      expect((await postGroup("tuesday-night-bible-study", { intent: "request", message: "a\u0000b" }, member.cookie)).status).toBe(400);
    });
  });

  test("the schedule: the next meetings keep their local time across a daylight-saving change", () => {
    // Wednesday 4 March 2026, noon in Chicago; DST starts on Sunday 8 March.
    const meetings = nextMeetings({
      dayOfWeek: 3,
      startTime: "19:00",
      durationMinutes: 90,
      timeZone: "America/Chicago",
      now: new Date("2026-03-04T18:00:00Z"),
    });
    expect(meetings.map((m) => m.start.toISOString())).toEqual([
      "2026-03-05T01:00:00.000Z",
      "2026-03-12T00:00:00.000Z",
      "2026-03-19T00:00:00.000Z",
      "2026-03-26T00:00:00.000Z",
      "2026-04-02T00:00:00.000Z",
      "2026-04-09T00:00:00.000Z",
    ]);
    // Once today's meeting is over, the list starts next week.
    const after = nextMeetings({
      dayOfWeek: 3,
      startTime: "19:00",
      durationMinutes: 90,
      timeZone: "America/Chicago",
      now: new Date("2026-03-05T03:00:00Z"),
    });
    expect(after[0]?.start.toISOString()).toBe("2026-03-12T00:00:00.000Z");
  });
});
