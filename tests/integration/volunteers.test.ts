// Volunteer sign-ups (issue 7): the /community section (visitors and members, both languages),
// its refusals (duplicates, inactive ministries, bad input, rate limits), the sign-up inbox's
// volunteer items, and the /admin/volunteers ministry editor with its audit trail and scope.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { auditLog, outboxMessages, signupInbox, users, volunteerOpportunities, volunteerSignups } from "~/db/schema";
import { loadVolunteersSection } from "~/features/volunteers/community-volunteers.server";
import { DEMO_MINISTRIES } from "~/features/volunteers/seed-demo-volunteers.server";
import { signUpToVolunteer } from "~/features/volunteers/sign-up-to-volunteer.server";
import enSignups from "~/i18n/locales/en/admin/signups";
import en from "~/i18n/locales/en/volunteers";
import es from "~/i18n/locales/es/volunteers";
import { action as signupsAction, loader as signupsLoader } from "~/routes/admin/inbox-signups";
import { action as editAction, loader as editLoader } from "~/routes/admin/volunteer-edit";
import { loader as listLoader } from "~/routes/admin/volunteers";
import { action as communityAction, loader as communityLoader } from "~/routes/community/community";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

const PASSWORD = "grace-and-peace-7";

type Section = Awaited<ReturnType<typeof loadVolunteersSection>>;
type Payload = {
  ok: boolean;
  message: string;
  opportunityId?: number;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};
type InboxItem = {
  id: string;
  kind: string;
  name: string;
  language: string;
  summary: string;
  status: string;
  volunteer: { opportunityId: number | null; title: string; availability: string; phone: string | null; message: string } | null;
};
type FormBody = { ok: false; intent: string | null; message: string; values?: Record<string, string>; fieldErrors: Record<string, string> };
type EditorBody = {
  title: string;
  editor: { id: number | null; values: Record<string, string>; signups: { name: string; availability: string }[] };
};

const interpolate = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

describeOnBackend("volunteer sign-ups", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let outsider: TestAdmin;
  const ids: Record<string, number> = {};
  const tag = randomBytes(4).toString("hex");
  let ipCounter = 0;
  const ip = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["inbox:signups"], name: "Volunteer Staff" });
    outsider = await h.createAdmin({ scopes: ["events", "content"], name: "Events Only" });
    for (const row of await db.select().from(volunteerOpportunities)) ids[row.slug] = row.id;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
  });

  async function createMember(name: string) {
    const email = `vol-member-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, email, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  const section = async (o: { cookie?: string; language?: "en" | "es"; query?: string } = {}) => {
    const answer = await h.call((args: { request: Request }) => loadVolunteersSection({ request: args.request }), {
      path: `/community${o.query ?? ""}`,
      ...o,
    });
    return answer.body as Section;
  };
  const post = async (form: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string } = {}) => {
    const answer = await h.call(communityAction, {
      path: "/community",
      form: { intent: "volunteers-signup", ...form },
      ip: o.ip ?? ip(),
      cookie: o.cookie,
      language: o.language,
    });
    const body = answer.body as { section?: string; payload: Payload };
    return { status: answer.status, section: body.section, body: body.payload };
  };
  const signupForm = (opportunityId: number, email: string, extra: Record<string, string> = {}) => ({
    opportunityId: String(opportunityId),
    name: "Vera Volunteer",
    email,
    phone: "",
    availability: "Sunday mornings",
    message: "",
    ...extra,
  });
  const inbox = async (search = "?status=all&kind=volunteer", cookie = staff.cookie) => {
    const answer = await h.call(signupsLoader, { path: `/admin/inbox/signups${search}`, cookie });
    expect(answer.status).toBe(200);
    return (answer.body as { items: InboxItem[] }).items;
  };
  const mailsTo = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).map(
      (m) => m.payload as { subject: string; text: string; html: string },
    );
  const counts = async () => ({
    signups: (await db.select().from(volunteerSignups)).length,
    inbox: (await db.select().from(signupInbox)).length,
    mails: (await db.select().from(outboxMessages)).length,
  });
  async function makeMinistry(values: Partial<typeof volunteerOpportunities.$inferInsert> = {}) {
    const [row] = await db
      .insert(volunteerOpportunities)
      .values({
        slug: `ministry-${randomBytes(4).toString("hex")}`,
        title: `Ministry ${tag}`,
        description: "Help out.",
        schedule: "Fridays",
        sortOrder: 500,
        ...values,
      })
      .returning();
    return row!;
  }
  const edit = (opportunityId: number | null, form: Record<string, string>, cookie = staff.cookie) =>
    h.call(
      (args: Parameters<typeof editAction>[0]) =>
        editAction({ ...args, params: opportunityId ? { opportunityId: String(opportunityId) } : {} }),
      {
        path: opportunityId ? `/admin/volunteers/${opportunityId}` : "/admin/volunteers/new",
        cookie,
        form,
      },
    );
  const editor = async (opportunityId: number) => {
    const answer = await h.call(
      (args: Parameters<typeof editLoader>[0]) => editLoader({ ...args, params: { opportunityId: String(opportunityId) } }),
      {
        path: `/admin/volunteers/${opportunityId}`,
        cookie: staff.cookie,
      },
    );
    expect(answer.status).toBe(200);
    return answer.body as EditorBody;
  };

  describe("the /community section", () => {
    test("the demo ministries in their order, in English and Spanish; a missing Spanish text falls back to English; inactive ones are left out", async () => {
      const english = await section();
      const demoSlugs = DEMO_MINISTRIES.map((m) => m.slug);
      expect(english.ministries.filter((m) => demoSlugs.includes(m.slug as never)).map((m) => m.title)).toEqual(
        DEMO_MINISTRIES.map((m) => m.title),
      );
      expect(english.ministries[0]).toMatchObject({ title: "Greeters & Hospitality", schedule: "Sundays 9:45 AM, once or twice a month" });
      expect(english.member).toBeNull();
      const spanish = await section({ language: "es" });
      expect(spanish.ministries[0]).toMatchObject({
        title: "Bienvenida y hospitalidad",
        schedule: "Domingos a las 9:45 a. m., una o dos veces al mes",
      });

      const englishOnly = await makeMinistry({ title: `English only ${tag}`, titleEs: null, description: "Only English." });
      const hidden = await makeMinistry({ title: `Hidden ${tag}`, active: false });
      const again = await section({ language: "es" });
      expect(again.ministries.find((m) => m.id === englishOnly.id)).toMatchObject({
        title: `English only ${tag}`,
        description: "Only English.",
      });
      expect(again.ministries.some((m) => m.id === hidden.id)).toBe(false);
      // ?serve=<slug> preselects a ministry.
      expect((await section({ query: "?serve=worship-team" })).selected).toBe(ids["worship-team"]);
      expect((await section({ query: "?serve=nope" })).selected).toBeNull();
    });

    test("the page's loader carries the section", async () => {
      const answer = await h.call(communityLoader, { path: "/community", language: "es" });
      expect(answer.status).toBe(200);
      const volunteers = (answer.body as { volunteers: Section }).volunteers;
      expect(volunteers.ministries[0]!.title).toBe("Bienvenida y hospitalidad");
    });

    test("a visitor signs up in Spanish: the sign-up, its inbox row and a Spanish confirmation, in one go", async () => {
      const email = `visitor-${tag}@example.test`;
      const id = ids["childrens-ministry"]!;
      const answer = await post(
        signupForm(id, `  ${email.toUpperCase()} `, {
          name: "Lucía Gómez",
          phone: "(555) 010-2000",
          availability: "Domingos por la mañana",
          message: "Tengo experiencia.",
        }),
        {
          language: "es",
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.section).toBe("volunteers");
      expect(answer.body.message).toBe(interpolate(es.success, { name: "Lucía Gómez", ministry: "Ministerio de niños", email }));
      const [signup] = await db.select().from(volunteerSignups).where(eq(volunteerSignups.email, email));
      expect(signup).toMatchObject({
        opportunityId: id,
        opportunityTitle: "Children's Ministry",
        userId: null,
        name: "Lucía Gómez",
        phone: "(555) 010-2000",
        language: "es",
        availability: "Domingos por la mañana",
        message: "Tengo experiencia.",
      });
      const [row] = await db.select().from(signupInbox).where(eq(signupInbox.volunteerSignupId, signup!.id));
      expect(row).toMatchObject({ kind: "volunteer", language: "es", name: "Lucía Gómez", email, status: "new", userId: null });
      expect(row!.summary).toBe("Children's Ministry — Domingos por la mañana");
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Gracias por ofrecerse como voluntario: Ministerio de niños");
      expect(mails[0]!.text).toContain("Hola, Lucía Gómez:");
      expect(mails[0]!.text).toContain("Su disponibilidad: Domingos por la mañana");
      expect(mails[0]!.text).toContain("Cuándo sirve este ministerio: Domingos durante el culto de las 10:30 a. m., turno mensual");

      // A second sign-up with the same address for the same ministry: refused kindly, nothing written.
      const before = await counts();
      const again = await post(signupForm(id, email, { name: "Someone" }), { language: "es" });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(interpolate(es.errors.alreadySignedUp, { ministry: "Ministerio de niños" }));
      expect(await counts()).toEqual(before);
    });

    test("a member: prefilled from the profile, linked to the account, English mail; twice is refused kindly, even in parallel", async () => {
      const member = await createMember("Marta Member");
      const before = await section({ cookie: member.cookie });
      expect(before.member).toMatchObject({ name: "Marta Member", email: member.email, signedUp: [] });
      const id = ids["worship-team"]!;
      const answer = await post(signupForm(id, member.email, { name: "Marta Member", availability: "Thursday rehearsals" }), {
        cookie: member.cookie,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(interpolate(en.success, { name: "Marta Member", ministry: "Worship Team", email: member.email }));
      const [signup] = await db.select().from(volunteerSignups).where(eq(volunteerSignups.userId, member.id));
      expect(signup).toMatchObject({ opportunityId: id, language: "en", email: member.email });
      const [row] = await db.select().from(signupInbox).where(eq(signupInbox.volunteerSignupId, signup!.id));
      expect(row).toMatchObject({ kind: "volunteer", userId: member.id, language: "en" });
      expect((await mailsTo(member.email)).map((m) => m.subject)).toContain("Thank you for volunteering: Worship Team");
      expect((await section({ cookie: member.cookie })).member!.signedUp).toEqual([id]);

      // Twice, even with another address typed in: the account already serves there.
      const totals = await counts();
      const again = await post(signupForm(id, `other-${tag}@example.test`), { cookie: member.cookie });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(interpolate(en.errors.alreadySignedUp, { ministry: "Worship Team" }));
      expect(await counts()).toEqual(totals);

      // Parallel sign-ups of one member for one ministry: exactly one lands.
      const racer = await createMember("Rachel Racer");
      const target = await makeMinistry();
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          signUpToVolunteer({
            db,
            opportunityId: target.id,
            person: {
              userId: racer.id,
              name: "Rachel Racer",
              email: i % 2 ? racer.email : `alias-${i}-${tag}@example.test`,
              phone: null,
              language: "en",
            },
            availability: "Any time",
            message: "",
            siteUrl: "http://localhost:3000",
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === "alreadySignedUp")).toBe(true);
      expect(await db.select().from(volunteerSignups).where(eq(volunteerSignups.opportunityId, target.id))).toHaveLength(1);
    });

    test("an inactive, deleted or unknown ministry is refused (404), nothing written", async () => {
      const inactive = await makeMinistry({ active: false });
      const before = await counts();
      for (const id of [inactive.id, 2_000_000_000]) {
        const answer = await post(signupForm(id, `nowhere-${tag}@example.test`));
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(en.errors.notFound);
        expect(answer.body.fieldErrors).toMatchObject({ opportunityId: en.errors.notFound });
      }
      expect(await counts()).toEqual(before);
    });

    test("bad input answers 400 with translated field errors and the values kept; never a 5xx", async () => {
      const before = await counts();
      const empty = await post({ opportunityId: "", name: " ", email: "not-an-email", phone: "call me", availability: "", message: "" });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(en.form.errorSummary);
      expect(empty.body.fieldErrors).toEqual({
        opportunityId: en.errors.ministry,
        name: en.errors.name,
        email: en.errors.email,
        phone: en.errors.phone,
        availability: en.errors.availability,
      });
      expect(empty.body.values).toMatchObject({ email: "not-an-email", phone: "call me" });

      const spanish = await post(
        { opportunityId: "abc", name: "n".repeat(121), email: "a@b.co", availability: "x".repeat(501), message: "m".repeat(2001) },
        { language: "es" },
      );
      expect(spanish.status).toBe(400);
      expect(spanish.body.fieldErrors).toEqual({
        opportunityId: es.errors.ministry,
        name: es.errors.nameLength,
        availability: es.errors.availability,
        message: es.errors.message,
      });

      const weird: Record<string, string>[] = [
        { opportunityId: "-1" },
        { opportunityId: "1e99" },
        { opportunityId: "99999999999999999999" },
        { name: "Null\u0000byte" },
        { availability: "\u0007bell" },
      ];
      for (const extra of weird) {
        const answer = await post(signupForm(ids["greeters-hospitality"]!, `weird-${tag}@example.test`, extra));
        expect(answer.status, JSON.stringify(extra)).toBe(400);
      }
      const unknownIntent = await h.call(communityAction, { path: "/community", form: { intent: "volunteers-nope" }, ip: ip() });
      expect(unknownIntent.status).toBe(400);
      expect((unknownIntent.body as { payload: Payload }).payload.message).toBe(en.errors.invalidRequest);
      expect(await counts()).toEqual(before);
    });

    test("rate limits: five sign-ups an hour per email address, ten per IP", async () => {
      const email = `rapid-${tag}@example.test`;
      const id = ids["media-livestream"]!;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(signupForm(id, email))).status);
      expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
      const limited = await post(signupForm(ids["outreach-food-pantry"]!, email));
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many sign-ups\. Please try again in \d+ minutes\.$/);

      const address = "198.51.100.77";
      const fromOneIp: number[] = [];
      for (let i = 0; i < 11; i++)
        fromOneIp.push((await post(signupForm(2_000_000_000, `ip-${i}-${tag}@example.test`), { ip: address })).status);
      expect(fromOneIp).toEqual([...Array(10).fill(404), 429]);
    });

    test("markup in every field is stored as written, comes back as text in the inbox and is escaped in the email", async () => {
      const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
      const email = `xss-${tag}@example.test`;
      const answer = await post(
        signupForm(ids["outreach-food-pantry"]!, email, { name: `Eve ${evil}`.slice(0, 120), availability: evil, message: evil }),
      );
      expect(answer.status).toBe(200);
      const [signup] = await db.select().from(volunteerSignups).where(eq(volunteerSignups.email, email));
      expect(signup).toMatchObject({ availability: evil, message: evil, name: `Eve ${evil}`.slice(0, 120) });
      const item = (await inbox()).find((i) => i.name === signup!.name)!;
      expect(item.volunteer).toMatchObject({ availability: evil, message: evil });
      const [mail] = await mailsTo(email);
      expect(mail!.html).not.toContain("<script>");
      expect(mail!.html).not.toContain("<img src=x");
      expect(mail!.html).toContain("&lt;script&gt;");
    });
  });

  describe("the sign-up inbox", () => {
    test("volunteer items: their kind, filter, ministry details and the status workflow (audited)", async () => {
      const email = `inbox-${tag}@example.test`;
      const id = ids["greeters-hospitality"]!;
      expect(
        (
          await post(
            signupForm(id, email, { name: "Ingrid Inbox", phone: "555-010-3000", availability: "Sundays", message: "Coffee lover" }),
          )
        ).status,
      ).toBe(200);
      const items = await inbox();
      expect(items.every((i) => i.kind === "volunteer")).toBe(true);
      const item = items.find((i) => i.name === "Ingrid Inbox")!;
      expect(item).toMatchObject({ kind: "volunteer", status: "new", summary: "Greeters & Hospitality — Sundays" });
      expect(item.volunteer).toEqual({
        opportunityId: id,
        title: "Greeters & Hospitality",
        availability: "Sundays",
        phone: "555-010-3000",
        message: "Coffee lover",
      });
      expect(enSignups.kinds.volunteer).toBe("Volunteer");
      // In Spanish, the ministry's Spanish title.
      const spanish = await h.call(signupsLoader, {
        path: "/admin/inbox/signups?status=all&kind=volunteer",
        cookie: staff.cookie,
        language: "es",
      });
      expect((spanish.body as { items: InboxItem[] }).items.find((i) => i.id === item.id)!.volunteer!.title).toBe(
        "Bienvenida y hospitalidad",
      );
      // Other kinds' filters leave it out; the status filter works on it.
      expect((await inbox("?status=all&kind=class")).some((i) => i.id === item.id)).toBe(false);
      const changed = await h.call(signupsAction, {
        path: "/admin/inbox/signups",
        cookie: staff.cookie,
        form: { intent: "set-status", id: item.id, status: "contacted", filter: "all", kind: "volunteer" },
      });
      expect(changed.status).toBe(303);
      expect(changed.headers.get("location")).toContain("kind=volunteer");
      expect((await inbox("?status=contacted&kind=volunteer")).map((i) => i.id)).toContain(item.id);
      expect((await inbox("?status=new&kind=volunteer")).map((i) => i.id)).not.toContain(item.id);
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, item.id), eq(auditLog.action, "signup.status.update"))),
      ).toHaveLength(1);
      // Without the scope: refused.
      expect((await h.call(signupsLoader, { path: "/admin/inbox/signups?kind=volunteer", cookie: outsider.cookie })).status).toBe(403);
    });
  });

  describe("/admin/volunteers", () => {
    test("create, validate, update and delete a ministry, each change audited; sign-ups keep the title", async () => {
      const slug = `prayer-team-${tag}`;
      const form = {
        intent: "save",
        title: `Prayer Team ${tag}`,
        titleEs: `Equipo de oración ${tag}`,
        description: "Pray before each service.",
        descriptionEs: "Ore antes de cada culto.",
        schedule: "Sundays 9 AM",
        scheduleEs: "Domingos 9 a. m.",
        slug: "",
        sortOrder: "5",
        active: "on",
      };
      // Validation: 400, translated on the page, values kept.
      const invalid = await edit(null, { ...form, title: " ", slug: "Bad Slug!", sortOrder: "abc" });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        message: "invalid",
        fieldErrors: { title: "required", slug: "invalidSlug", sortOrder: "sortOrder" },
        values: { slug: "Bad Slug!" },
      });
      const taken = await edit(null, { ...form, slug: "worship-team" });
      expect(taken.status).toBe(400);
      expect((taken.body as FormBody).fieldErrors).toEqual({ slug: "slugTaken" });

      const created = await edit(null, form);
      expect(created.status).toBe(303);
      const id = Number(created.headers.get("location")!.match(/\/admin\/volunteers\/(\d+)\?created=1$/)![1]);
      const [row] = await db.select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, id));
      expect(row).toMatchObject({ slug: `prayer-team-${tag}`, title: form.title, titleEs: form.titleEs, active: true, sortOrder: 5 });
      const [createAudit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, "volunteer_opportunity.create")));
      expect(createAudit).toMatchObject({ entityType: "volunteer_opportunity", actorUserId: staff.userId });
      expect(slug).toBe(row!.slug);

      // The list: title, active, count, order.
      const list = await h.call(listLoader, { path: "/admin/volunteers", cookie: staff.cookie });
      expect(list.status).toBe(200);
      expect((list.body as { title: string }).title).toBe("Volunteers");
      expect((list.body as { opportunities: unknown[] }).opportunities).toContainEqual({
        id,
        title: form.title,
        active: true,
        sortOrder: 5,
        signups: 0,
      });

      // Shown on /community; a visitor signs up; the editor lists the sign-up.
      expect((await section()).ministries.some((m) => m.id === id)).toBe(true);
      expect((await post(signupForm(id, `pray-${tag}@example.test`, { name: "Paul Prayer", availability: "Early Sundays" }))).status).toBe(
        200,
      );
      const loaded = await editor(id);
      expect(loaded.title).toBe(`Edit ministry: ${form.title}`);
      expect(loaded.editor.values).toMatchObject({ title: form.title, slug, sortOrder: "5", active: "on" });
      expect(loaded.editor.signups).toMatchObject([{ name: "Paul Prayer", availability: "Early Sundays" }]);

      // Update: hidden, reordered; the audit holds only what changed.
      const updated = await edit(id, { ...form, slug, active: "", sortOrder: "-3", titleEs: "" });
      expect(updated.status).toBe(303);
      expect(updated.headers.get("location")).toBe(`/admin/volunteers/${id}?saved=1`);
      const [update] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, "volunteer_opportunity.update")));
      expect(update!.before).toEqual({ titleEs: form.titleEs, active: true, sortOrder: 5 });
      expect(update!.after).toEqual({ titleEs: null, active: false, sortOrder: -3 });
      expect((await section()).ministries.some((m) => m.id === id)).toBe(false);
      expect((await edit(id, { ...form, slug, active: "", sortOrder: "-3", titleEs: "" })).headers.get("location")).toBe(
        `/admin/volunteers/${id}?unchanged=1`,
      );

      // Delete needs the confirmation; then the sign-up stays, with its title, and so does its inbox row.
      const unconfirmed = await edit(id, { intent: "delete" });
      expect(unconfirmed.status).toBe(400);
      expect((unconfirmed.body as FormBody).message).toBe("confirmDelete");
      const deleted = await edit(id, { intent: "delete", confirm: "yes" });
      expect(deleted.status).toBe(303);
      expect(deleted.headers.get("location")).toBe("/admin/volunteers?deleted=1");
      expect(await db.select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, id))).toEqual([]);
      const [kept] = await db
        .select()
        .from(volunteerSignups)
        .where(eq(volunteerSignups.email, `pray-${tag}@example.test`));
      expect(kept).toMatchObject({ opportunityId: null, opportunityTitle: form.title });
      const item = (await inbox()).find((i) => i.name === "Paul Prayer")!;
      expect(item.volunteer).toMatchObject({ opportunityId: null, title: form.title });
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, "volunteer_opportunity.delete"))),
      ).toHaveLength(1);
      expect((await edit(id, { intent: "delete", confirm: "yes" })).status).toBe(404);
      expect(
        (
          await h.call((args: Parameters<typeof editLoader>[0]) => editLoader({ ...args, params: { opportunityId: String(id) } }), {
            path: `/admin/volunteers/${id}`,
            cookie: staff.cookie,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await h.call((args: Parameters<typeof editLoader>[0]) => editLoader({ ...args, params: { opportunityId: "abc" } }), {
            path: "/admin/volunteers/abc",
            cookie: staff.cookie,
          })
        ).status,
      ).toBe(404);
    });

    test("an administrator without inbox:signups is refused everywhere, and nothing changes", async () => {
      const before = (await db.select().from(volunteerOpportunities)).length;
      expect((await h.call(listLoader, { path: "/admin/volunteers", cookie: outsider.cookie })).status).toBe(403);
      expect(
        (
          await h.call((args: Parameters<typeof editLoader>[0]) => editLoader({ ...args, params: {} }), {
            path: "/admin/volunteers/new",
            cookie: outsider.cookie,
          })
        ).status,
      ).toBe(403);
      const refused = await edit(null, { intent: "save", title: "Sneaky", sortOrder: "0", active: "on" }, outsider.cookie);
      expect(refused.status).toBe(403);
      expect((await edit(ids["worship-team"]!, { intent: "delete", confirm: "yes" }, outsider.cookie)).status).toBe(403);
      expect((await db.select().from(volunteerOpportunities)).length).toBe(before);
      // Without any admin session: to the sign-in page.
      const anonymous = await h.call(listLoader, { path: "/admin/volunteers" });
      expect(anonymous.status).toBe(302);
    });
  });
});
