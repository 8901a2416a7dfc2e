// The study hub (issue 6): this week's guide, the reference box, the archive and its search
// in both languages, reading-plan progress per member, private notes, and the admin section.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, readingPlanDays, readingPlanProgress, readingPlans, studyGuides, studyNotes, users } from "~/db/schema";
import { seedDemoStudy } from "~/features/study/seed-demo-study.server";
import { action as planEditAction, loader as planEditLoader } from "~/routes/admin/reading-plan-edit";
import { loader as adminStudyLoader } from "~/routes/admin/study";
import { action as guideEditAction, loader as guideEditLoader } from "~/routes/admin/study-guide-edit";
import { loader as archiveLoader } from "~/routes/study/past-bible-studies";
import { action as planAction, loader as planLoader } from "~/routes/study/reading-plan";
import { action as studyAction, loader as studyLoader } from "~/routes/study/study";
import { loader as guideLoader } from "~/routes/study/study-guide";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
/** The harness calls routes without params: these routes need theirs. */
const withParams =
  (fn: RouteFn, params: Record<string, string>): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params });

const PASSWORD = "grace-and-peace-7";

type StudyData = {
  guide: { id: number; title: string; slug: string; passageReference: string } | null;
  guidePassage: { reference: string; links: { url: string }[] } | null;
  lookup: { input: string; passage: { reference: string; osis: string } | null; error: string | null };
  plans: { slug: string; days: number; done: number | null }[];
  notes: { id: string; body: string; passage: string | null; guideTitle: string | null }[];
  editing: { id: string; body: string } | null;
  notice: string | null;
};
type ArchiveData = { total: number; pages: number; pageNumber: number; guides: { slug: string; title: string; current: boolean }[] };
type PlanData = {
  days: { id: number; dayNumber: number; done: boolean; reference: string }[];
  member: { done: number } | null;
  next: { dayNumber: number } | null;
};

const guideForm = (changes: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  titleEn: "Walking on Water",
  titleEs: "Caminar sobre el agua",
  slug: "",
  weekOf: "2021-03-01",
  passage: "Mateo 14:22-33",
  devotionalEn: "Peter steps out of the boat when Jesus calls.",
  devotionalEs: "Pedro sale de la barca cuando Jesús lo llama.",
  questionsEn: "When have you stepped out in faith?\n\nWhat made Peter sink?",
  questionsEs: "¿Cuándo ha dado un paso de fe?",
  prayerEn: "Lord, help me keep my eyes on you.",
  prayerEs: "Señor, ayúdame a mantener mis ojos en ti.",
  status: "published",
  ...changes,
});

describeOnBackend("study hub", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let admin: string;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    admin = (await h.createAdmin({ scopes: ["content"] })).cookie;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function createMember(name = "Ana Reyes") {
    const email = `study${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  const study = async (path = "/study", o: { cookie?: string; language?: "en" | "es" } = {}) => {
    const r = await h.call(studyLoader, { path, ...o });
    expect(r.status).toBe(200);
    return r.body as StudyData;
  };
  const archive = async (path: string, language: "en" | "es" = "en") => {
    const r = await h.call(archiveLoader, { path, language });
    expect(r.status).toBe(200);
    return r.body as ArchiveData;
  };

  test("the demo seed: this week's guide on /study, a 21-day plan, and seeding again changes nothing", async () => {
    const page = await study();
    expect(page.guide?.slug).toBe("the-good-shepherd");
    expect(page.guidePassage?.reference).toBe("John 10:1–18");
    expect(page.guidePassage?.links[0]!.url).toContain("biblegateway.com");
    expect(page.plans).toEqual([
      { slug: "gospel-of-john", title: "The Gospel of John in 21 Days", description: expect.any(String), days: 21, done: null },
    ]);
    expect(page.notes).toEqual([]);

    const es = await study("/study", { language: "es" });
    expect(es.guide?.title).toBe("El buen pastor");
    expect(es.guidePassage?.reference).toBe("Juan 10:1–18");

    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(studyGuides))[0]!.n;
    const before = await count();
    await seedDemoStudy(db, new Date());
    expect(await count()).toBe(before);
    expect(await db.select().from(readingPlanDays)).toHaveLength(21);
  });

  test("the reference box reads Spanish and English, and says so (translated) when it can't", async () => {
    const es = await study(`/study?ref=${encodeURIComponent("1 Corintios 13:4-7")}`, { language: "es" });
    expect(es.lookup.passage).toMatchObject({ reference: "1 Corintios 13:4–7", osis: "1Cor.13.4-1Cor.13.7" });
    expect(es.lookup.error).toBeNull();
    const en = await study(`/study?ref=${encodeURIComponent("Juan 3:16")}`);
    expect(en.lookup.passage?.reference).toBe("John 3:16");
    const bad = await study(`/study?ref=${encodeURIComponent("banana 99")}`, { language: "es" });
    expect(bad.lookup.passage).toBeNull();
    expect(bad.lookup.error).toBe(
      "No pudimos leer «banana 99» como una cita bíblica. Escriba un libro y un capítulo, por ejemplo Juan 3:16 o Salmos 23.",
    );
  });

  test("archive: newest first, searchable in both languages (accents optional), drafts and future weeks hidden", async () => {
    await db.insert(studyGuides).values([
      {
        slug: "test-prayer-guide",
        weekOf: "2020-01-06",
        titleEn: "Teach Us to Pray",
        titleEs: "Enséñanos a orar",
        passage: "Luke 11:1-13",
        passageOsis: "Luke.11.1-Luke.11.13",
        devotionalEn: "The disciples asked Jesus for a lesson in prayer.",
        devotionalEs: "Los discípulos le pidieron a Jesús una lección de oración para el corazón.",
        prayerEn: "Our Father in heaven.",
        prayerEs: "Padre nuestro que estás en los cielos.",
      },
      {
        slug: "test-draft-guide",
        weekOf: "2020-01-13",
        titleEn: "Secret Draft Zebra",
        passage: "John 1",
        passageOsis: "John.1",
        devotionalEn: "Not published yet zebra.",
        prayerEn: "Amen.",
        status: "draft",
      },
      {
        slug: "test-future-guide",
        weekOf: "2999-01-04",
        titleEn: "Future Zebra",
        passage: "John 2",
        passageOsis: "John.2",
        devotionalEn: "Scheduled zebra.",
        prayerEn: "Amen.",
      },
    ]);
    const all = await archive("/past-bible-studies");
    expect(all.guides[0]).toMatchObject({ slug: "the-good-shepherd", current: true });
    expect(all.guides.map((g) => g.slug)).not.toContain("test-draft-guide");
    expect(all.total).toBe(7);

    expect((await archive("/past-bible-studies?q=pray")).guides.map((g) => g.slug)).toEqual(["test-prayer-guide"]);
    // Spanish, with and without the accents.
    expect((await archive(`/past-bible-studies?q=${encodeURIComponent("oración")}`, "es")).guides.map((g) => g.slug)).toContain(
      "test-prayer-guide",
    );
    expect((await archive("/past-bible-studies?q=oracion", "es")).guides.map((g) => g.slug)).toContain("test-prayer-guide");
    expect((await archive("/past-bible-studies?q=corazon")).guides.map((g) => g.slug)).toContain("test-prayer-guide");
    const shepherd = await archive("/past-bible-studies?q=pastor", "es");
    expect(shepherd.guides.map((g) => g.slug)).toEqual(expect.arrayContaining(["the-good-shepherd", "the-lord-is-my-shepherd"]));
    expect((await archive("/past-bible-studies?q=zebra")).total).toBe(0);
    // Odd input is still just a search.
    expect((await archive(`/past-bible-studies?q=${encodeURIComponent('"unclosed & | !')}`)).total).toBeGreaterThanOrEqual(0);

    const paged = await h.call(archiveLoader, { path: "/past-bible-studies?page=2" });
    expect((paged.body as ArchiveData).pageNumber).toBe(1);

    const call = (slug: string, language: "en" | "es" = "en") =>
      h.call(withParams(guideLoader, { slug }), { path: `/past-bible-studies/${slug}`, language });
    const shown = await call("test-prayer-guide", "es");
    expect(shown.status).toBe(200);
    expect((shown.body as { guide: { title: string; questions: string[] } }).guide.title).toBe("Enséñanos a orar");
    expect((await call("test-draft-guide")).status).toBe(404);
    expect((await call("test-future-guide")).status).toBe(404);
    expect((await call("no-such-guide")).status).toBe(404);
  });

  test("reading plan progress is per member, idempotent, and refused to guests", async () => {
    const ana = await createMember();
    const ben = await createMember("Ben Cruz");
    const plan = (cookie?: string) =>
      h.call(withParams(planLoader, { slug: "gospel-of-john" }), { path: "/study/plans/gospel-of-john", cookie });
    const post = (form: Record<string, string>, cookie?: string, language?: "en" | "es") =>
      h.call(withParams(planAction, { slug: "gospel-of-john" }), { path: "/study/plans/gospel-of-john", cookie, form, language });

    const first = (await plan(ana.cookie)).body as PlanData;
    expect(first.member).toEqual({ done: 0 });
    expect(first.next?.dayNumber).toBe(1);
    const day1 = first.days[0]!;
    const day2 = first.days[1]!;

    const marked = await post({ intent: "mark", dayId: String(day1.id) }, ana.cookie);
    expect(marked).toMatchObject({ status: 200, body: { ok: true, message: "Day 1 is marked as done." } });
    expect((await post({ intent: "mark", dayId: String(day1.id) }, ana.cookie)).status).toBe(200);
    expect((await post({ intent: "mark", dayId: String(day2.id) }, ana.cookie, "es")).body).toMatchObject({
      message: "El día 2 está marcado como hecho.",
    });
    const after = (await plan(ana.cookie)).body as PlanData;
    expect(after.member).toEqual({ done: 2 });
    expect(after.next?.dayNumber).toBe(3);
    expect(after.days.filter((d) => d.done).map((d) => d.dayNumber)).toEqual([1, 2]);
    expect(await db.select().from(readingPlanProgress).where(eq(readingPlanProgress.userId, ana.id))).toHaveLength(2);

    // Ben's progress is his own.
    expect(((await plan(ben.cookie)).body as PlanData).member).toEqual({ done: 0 });
    const summary = await study("/study", { cookie: ana.cookie });
    expect(summary.plans[0]).toMatchObject({ days: 21, done: 2 });

    expect((await post({ intent: "unmark", dayId: String(day1.id) }, ana.cookie)).body).toMatchObject({
      ok: true,
      message: "Day 1 is marked as not done.",
    });
    expect((await post({ intent: "unmark", dayId: String(day1.id) }, ana.cookie)).status).toBe(200);
    expect(((await plan(ana.cookie)).body as PlanData).member).toEqual({ done: 1 });

    const guest = await post({ intent: "mark", dayId: String(day1.id) });
    expect(guest).toMatchObject({ status: 401, body: { ok: false, message: "Please sign in first." } });
    expect(((await plan()).body as PlanData).member).toBeNull();
    expect((await post({ intent: "mark", dayId: "abc" }, ana.cookie)).status).toBe(400);
    expect((await post({ intent: "explode", dayId: String(day1.id) }, ana.cookie)).status).toBe(400);
    expect((await post({ intent: "mark", dayId: "999999" }, ana.cookie, "es")).body).toMatchObject({
      message: "Esa lectura no forma parte de este plan.",
    });

    const unknown = await h.call(withParams(planLoader, { slug: "nope" }), { path: "/study/plans/nope" });
    expect(unknown.status).toBe(404);
  });

  test("notes are private: the owner creates, edits and deletes; anyone else gets 404", async () => {
    const ana = await createMember();
    const ben = await createMember("Ben Cruz");
    const post = (form: Record<string, string>, cookie?: string, language?: "en" | "es") =>
      h.call(studyAction, { path: "/study", cookie, form, language });
    const current = (await study()).guide!;

    const created = await post(
      { intent: "save-note", body: "  God so loved the world.  ", passage: "Juan 3:16", aboutGuide: "on", guideId: String(current.id) },
      ana.cookie,
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/study?notice=noteSaved");
    const mine = await study("/study?notice=noteSaved", { cookie: ana.cookie });
    expect(mine.notice).toBe("noteSaved");
    expect(mine.notes).toEqual([
      {
        id: expect.any(String),
        body: "God so loved the world.",
        passage: "John 3:16",
        guideTitle: current.title,
        updatedLabel: expect.any(String),
      },
    ]);
    const noteId = mine.notes[0]!.id;
    const [stored] = await db.select().from(studyNotes).where(eq(studyNotes.id, noteId));
    expect(stored).toMatchObject({ userId: ana.id, passage: "John.3.16", guideId: current.id });

    // Ben sees nothing, cannot open it for editing, update it or delete it.
    expect((await study("/study", { cookie: ben.cookie })).notes).toEqual([]);
    expect((await study(`/study?note=${noteId}`, { cookie: ben.cookie })).editing).toBeNull();
    const benEdit = await post({ intent: "save-note", noteId, body: "Mine now" }, ben.cookie);
    expect(benEdit).toMatchObject({ status: 404, body: { ok: false, message: "That note was not found." } });
    expect((await post({ intent: "delete-note", noteId }, ben.cookie)).status).toBe(404);
    expect((await post({ intent: "delete-note", noteId: "not-a-uuid" }, ben.cookie)).status).toBe(404);
    const [untouched] = await db.select().from(studyNotes).where(eq(studyNotes.id, noteId));
    expect(untouched?.body).toBe("God so loved the world.");

    // Guests are asked to sign in.
    expect(await post({ intent: "save-note", body: "hello" })).toMatchObject({ status: 401, body: { message: "Please sign in first." } });

    // Bad input: 400 with a translated message and what was typed.
    const empty = await post({ intent: "save-note", body: "   " }, ana.cookie, "es");
    expect(empty).toMatchObject({ status: 400, body: { ok: false, message: "Escriba algo en su nota, por favor." } });
    const long = await post({ intent: "save-note", body: "a".repeat(10_001) }, ana.cookie);
    expect(long).toMatchObject({ status: 400, body: { message: "A note can have at most 10,000 characters." } });
    expect((await post({ intent: "save-note", body: "a".repeat(10_000) }, ana.cookie)).status).toBe(303);
    const badPassage = await post({ intent: "save-note", body: "x", passage: "banana 99" }, ana.cookie, "es");
    expect(badPassage).toMatchObject({
      status: 400,
      body: { message: "No pudimos leer ese pasaje como una cita bíblica.", values: { passage: "banana 99" } },
    });
    expect((await post({ intent: "nope" }, ana.cookie)).status).toBe(400);

    // The owner edits and deletes.
    expect((await study(`/study?note=${noteId}`, { cookie: ana.cookie })).editing).toMatchObject({
      id: noteId,
      body: "God so loved the world.",
    });
    expect((await post({ intent: "save-note", noteId, body: "Edited", passage: "" }, ana.cookie)).status).toBe(303);
    const [edited] = await db.select().from(studyNotes).where(eq(studyNotes.id, noteId));
    expect(edited).toMatchObject({ body: "Edited", passage: null, guideId: null });
    const deleted = await post({ intent: "delete-note", noteId }, ana.cookie);
    expect(deleted.headers.get("location")).toBe("/study?notice=noteDeleted");
    expect(await db.select().from(studyNotes).where(eq(studyNotes.id, noteId))).toEqual([]);
    expect(await db.select().from(studyNotes).where(eq(studyNotes.userId, ana.id))).toHaveLength(1);
  });

  test("admin: scope 'content' required for every loader and action", async () => {
    const events = (await h.createAdmin({ scopes: ["events"] })).cookie;
    expect((await h.call(adminStudyLoader, { path: "/admin/study", cookie: events })).status).toBe(403);
    expect((await h.call(guideEditLoader, { path: "/admin/study/guides/new", cookie: events })).status).toBe(403);
    expect((await h.call(guideEditAction, { path: "/admin/study/guides/new", cookie: events, form: guideForm() })).status).toBe(403);
    expect(
      (await h.call(planEditAction, { path: "/admin/study/plans/new", cookie: events, form: { titleEn: "x", days: "John 1" } })).status,
    ).toBe(403);
    expect((await h.call(adminStudyLoader, { path: "/admin/study" })).status).toBe(302);
    expect(await db.select().from(studyGuides).where(eq(studyGuides.titleEn, "Walking on Water"))).toEqual([]);
    const list = await h.call(adminStudyLoader, { path: "/admin/study", cookie: admin });
    expect(list.status).toBe(200);
    expect((list.body as { guides: unknown[]; plans: unknown[] }).plans).toHaveLength(1);
  });

  test("admin: study guide create, validation, update, delete, each audited", async () => {
    const bad = await h.call(guideEditAction, {
      path: "/admin/study/guides/new",
      cookie: admin,
      language: "es",
      form: guideForm({ passage: "Hezekiah 4:1", weekOf: "2021-02-30", titleEn: "", status: "maybe" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      message: "invalid",
      fieldErrors: { passage: { code: "passage" }, weekOf: { code: "date" }, titleEn: { code: "required" }, status: { code: "choice" } },
    });
    expect(await db.select().from(studyGuides).where(eq(studyGuides.passage, "Hezekiah 4:1"))).toEqual([]);

    const created = await h.call(guideEditAction, { path: "/admin/study/guides/new", cookie: admin, form: guideForm() });
    expect(created.status).toBe(303);
    const id = Number(created.headers.get("location")!.match(/guides\/(\d+)\?created=1$/)![1]);
    const [row] = await db.select().from(studyGuides).where(eq(studyGuides.id, id));
    expect(row).toMatchObject({
      slug: "walking-on-water",
      passage: "Mateo 14:22-33",
      passageOsis: "Matt.14.22-Matt.14.33",
      questionsEn: ["When have you stepped out in faith?", "What made Peter sink?"],
      status: "published",
    });
    const edit = (form: Record<string, string>) =>
      h.call(withParams(guideEditAction, { guideId: String(id) }), { path: `/admin/study/guides/${id}`, cookie: admin, form });

    const again = await h.call(guideEditAction, {
      path: "/admin/study/guides/new",
      cookie: admin,
      form: guideForm({ slug: "walking-on-water" }),
    });
    expect(again).toMatchObject({ status: 400, body: { fieldErrors: { slug: { code: "slugTaken" } } } });

    expect((await edit(guideForm({ status: "draft", titleEs: "" }))).headers.get("location")).toBe(`/admin/study/guides/${id}?saved=1`);
    expect((await edit(guideForm({ status: "draft", titleEs: "" }))).headers.get("location")).toBe(`/admin/study/guides/${id}?unchanged=1`);
    expect(
      (await h.call(withParams(guideLoader, { slug: "walking-on-water" }), { path: "/past-bible-studies/walking-on-water" })).status,
    ).toBe(404);
    const editor = await h.call(withParams(guideEditLoader, { guideId: String(id) }), { path: `/admin/study/guides/${id}`, cookie: admin });
    expect((editor.body as { editor: { values: Record<string, string> } }).editor.values).toMatchObject({
      status: "draft",
      questionsEn: "When have you stepped out in faith?\nWhat made Peter sink?",
    });
    expect(
      (await h.call(withParams(guideEditLoader, { guideId: "999999" }), { path: "/admin/study/guides/999999", cookie: admin })).status,
    ).toBe(404);
    expect((await h.call(withParams(guideEditLoader, { guideId: "abc" }), { path: "/admin/study/guides/abc", cookie: admin })).status).toBe(
      404,
    );

    expect(await edit({ intent: "delete" })).toMatchObject({ status: 400, body: { message: "confirmDelete" } });
    const removed = await edit({ intent: "delete", confirm: "yes" });
    expect(removed.headers.get("location")).toBe("/admin/study?deleted=guide");
    expect(await db.select().from(studyGuides).where(eq(studyGuides.id, id))).toEqual([]);
    expect((await edit({ intent: "delete", confirm: "yes" })).status).toBe(404);

    const audit = await db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(["study_guide.create", "study_guide.update", "study_guide.delete"]);
    expect(audit[1]).toMatchObject({
      before: { status: "published", titleEs: "Caminar sobre el agua" },
      after: { status: "draft", titleEs: null },
    });
  });

  test("admin: reading plan create with validated readings; edits keep progress on unchanged days", async () => {
    const bad = await h.call(planEditAction, {
      path: "/admin/study/plans/new",
      cookie: admin,
      language: "es",
      form: { titleEn: "Psalms week", days: "Salmos 1\n\nbanana 7\nPsalm 3" },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { days: { code: "dayPassage", values: { line: 3, text: "banana 7" } } } },
    });
    expect(
      (await h.call(planEditAction, { path: "/admin/study/plans/new", cookie: admin, form: { titleEn: "Empty", days: " \n " } })).body,
    ).toMatchObject({ fieldErrors: { days: { code: "daysRequired" } } });

    const created = await h.call(planEditAction, {
      path: "/admin/study/plans/new",
      cookie: admin,
      form: { titleEn: "Psalms week", titleEs: "Semana de salmos", days: "Salmos 1\nPsalm 2\nPs 3", isActive: "on" },
    });
    expect(created.status).toBe(303);
    const id = Number(created.headers.get("location")!.match(/plans\/(\d+)\?created=1$/)![1]);
    const [plan] = await db.select().from(readingPlans).where(eq(readingPlans.id, id));
    expect(plan).toMatchObject({ slug: "psalms-week", isActive: true });
    const days = await db.select().from(readingPlanDays).where(eq(readingPlanDays.planId, id)).orderBy(readingPlanDays.dayNumber);
    expect(days.map((d) => d.passageOsis)).toEqual(["Ps.1", "Ps.2", "Ps.3"]);
    const editor = await h.call(withParams(planEditLoader, { planId: String(id) }), { path: `/admin/study/plans/${id}`, cookie: admin });
    expect((editor.body as { editor: { values: Record<string, string> } }).editor.values).toMatchObject({
      days: "Salmos 1\nPsalm 2\nPs 3",
      isActive: "on",
      slug: "psalms-week",
    });

    const ana = await createMember();
    await h.call(withParams(planAction, { slug: "psalms-week" }), {
      path: "/study/plans/psalms-week",
      cookie: ana.cookie,
      form: { intent: "mark", dayId: String(days[0]!.id) },
    });
    await h.call(withParams(planAction, { slug: "psalms-week" }), {
      path: "/study/plans/psalms-week",
      cookie: ana.cookie,
      form: { intent: "mark", dayId: String(days[2]!.id) },
    });

    const edit = (form: Record<string, string>) =>
      h.call(withParams(planEditAction, { planId: String(id) }), { path: `/admin/study/plans/${id}`, cookie: admin, form });
    // Day 1 unchanged, day 2 changed, day 3 removed: Ana keeps day 1 only.
    expect(
      (await edit({ titleEn: "Psalms week", titleEs: "Semana de salmos", days: "Salmos 1\nPsalm 23", isActive: "" })).headers.get(
        "location",
      ),
    ).toBe(`/admin/study/plans/${id}?saved=1`);
    const progress = await db
      .select({ dayNumber: readingPlanDays.dayNumber })
      .from(readingPlanProgress)
      .innerJoin(readingPlanDays, eq(readingPlanDays.id, readingPlanProgress.dayId))
      .where(and(eq(readingPlanProgress.userId, ana.id), eq(readingPlanDays.planId, id)));
    expect(progress).toEqual([{ dayNumber: 1 }]);
    // Inactive: gone from the public pages.
    expect((await h.call(withParams(planLoader, { slug: "psalms-week" }), { path: "/study/plans/psalms-week" })).status).toBe(404);
    expect((await study()).plans.map((p) => p.slug)).toEqual(["gospel-of-john"]);

    expect((await edit({ intent: "delete", confirm: "yes" })).headers.get("location")).toBe("/admin/study?deleted=plan");
    expect(await db.select().from(readingPlanDays).where(eq(readingPlanDays.planId, id))).toEqual([]);
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "reading_plan"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(["reading_plan.create", "reading_plan.update", "reading_plan.delete"]);

    // Unreadable posts are a 400, never a 500.
    const junk = await h.call(planEditAction, {
      path: "/admin/study/plans/new",
      cookie: admin,
      form: { titleEn: "a\u0000b", days: "John 1" },
    });
    expect(junk).toMatchObject({ status: 400, body: { message: "invalidRequest" } });
  });
});
