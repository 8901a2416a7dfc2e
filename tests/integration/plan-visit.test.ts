import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { auditLog, churchSettings, inboxReplies, meetingRequests, outboxMessages, users } from "~/db/schema";
import en from "~/i18n/locales/en/visit";
import es from "~/i18n/locales/es/visit";
import { action as meetingsAction, loader as meetingsLoader } from "~/routes/admin/inbox-meetings";
import { action as visitAction, loader as visitLoader } from "~/routes/visit/plan-visit";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

const PASSWORD = "grace-and-peace-7";
const DAY = 86_400_000;

type ActionBody = { ok: boolean; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };
type Mail = { subject: string; text: string; html: string };
type InboxItem = {
  id: string;
  kind: string;
  name: string;
  email: string;
  phone: string | null;
  preferredDate: string | null;
  partySize: number;
  language: string;
  needs: string;
  message: string;
  status: string;
  assigneeUserId: string | null;
  staffNotes: string;
  linkedAccount: boolean;
  replies: { authorName: string; body: string }[];
};
type InboxBody = { items: InboxItem[]; staff: { userId: string; name: string }[]; counts: Record<string, number> };

describeOnBackend("plan a visit and the meetings inbox", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let colleague: TestAdmin;
  let outsider: TestAdmin;
  let timeZone = "UTC";
  const tag = randomBytes(4).toString("hex");
  let ipCounter = 0;
  const ip = () => `203.0.113.${(ipCounter++ % 250) + 1}`;
  const day = (offset: number) => formatInTimeZone(new Date(Date.now() + offset * DAY), timeZone, "yyyy-MM-dd");

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["inbox:meetings"], name: "Visit Staff" });
    colleague = await h.createAdmin({ scopes: ["inbox:meetings"], name: "Pastor Colleague" });
    outsider = await h.createAdmin({ scopes: ["inbox:prayer"], name: "Prayer Only" });
    const [settings] = await db.select({ timeZone: churchSettings.timeZone }).from(churchSettings).limit(1);
    timeZone = settings?.timeZone ?? "UTC";
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
  });

  const form = (email: string, extra: Record<string, string> = {}) => ({
    kind: "visit",
    name: "Maria Lopez",
    email,
    phone: "(555) 010-3000",
    date: day(7),
    partySize: "4",
    language: "en",
    needs: "Two kids, ages 3 and 7; wheelchair access for grandma",
    message: "Looking forward to it!",
    ...extra,
  });
  const post = (body: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string } = {}) =>
    h.call(visitAction, { path: "/plan-visit", form: body, ip: o.ip ?? ip(), ...o });
  const postJson = async (body: string) => {
    const answer = await visitAction({
      request: new Request("http://localhost:3000/plan-visit", {
        method: "POST",
        headers: { "content-type": "application/json", "x-church-client-ip": ip() },
        body,
      }),
      params: {},
      context: {},
    } as unknown as Parameters<typeof visitAction>[0]);
    return answer as unknown as { init: { status: number }; data: ActionBody };
  };
  const inbox = async (search = "?status=all", cookie = staff.cookie) => {
    const answer = await h.call(meetingsLoader, { path: `/admin/inbox/meetings${search}`, cookie });
    expect(answer.status).toBe(200);
    return answer.body as InboxBody;
  };
  const act = (body: Record<string, string>, cookie = staff.cookie) =>
    h.call(meetingsAction, { path: "/admin/inbox/meetings", cookie, form: { filter: "all", ...body } });
  const mailsTo = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).map((m) => m.payload as Mail);
  const counts = async () => ({
    requests: (await db.select().from(meetingRequests)).length,
    mails: (await db.select().from(outboxMessages)).length,
  });
  const audits = (id: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "meeting_request"), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt));

  test("the page: the content block's title and intro, the date range, and no member for a guest", async () => {
    const answer = await h.call(visitLoader, { path: "/plan-visit" });
    expect(answer.status).toBe(200);
    const body = answer.body as {
      page: { title: string; body: string };
      today: string;
      lastDate: string;
      member: unknown;
      seo: { title: string };
    };
    expect(body.page.title).toBe("Plan Your Visit");
    expect(body.page.body).toMatch(/coffee/);
    expect(body.today).toBe(day(0));
    expect(body.lastDate > day(364)).toBe(true);
    expect(body.member).toBeNull();
    const spanish = await h.call(visitLoader, { path: "/plan-visit", language: "es" });
    expect((spanish.body as { page: { title: string } }).page.title).toBe("Planifique su visita");
  });

  test("a visit request reaches the inbox with every field and queues an English confirmation with date, times and address", async () => {
    const email = `visit-${tag}@example.test`;
    const answer = await post(form(`  ${email.toUpperCase()} `));
    expect(answer.status).toBe(200);
    expect((answer.body as ActionBody).message).toBe(en.form.success.replace("{{email}}", email));
    const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.email, email));
    expect(row).toMatchObject({
      kind: "visit",
      name: "Maria Lopez",
      phone: "(555) 010-3000",
      preferredDate: day(7),
      partySize: 4,
      language: "en",
      needs: "Two kids, ages 3 and 7; wheelchair access for grandma",
      message: "Looking forward to it!",
      status: "new",
      userId: null,
    });
    const item = (await inbox()).items.find((i) => i.id === row!.id)!;
    expect(item).toMatchObject({
      kind: "visit",
      name: "Maria Lopez",
      email,
      partySize: 4,
      preferredDate: day(7),
      status: "new",
      linkedAccount: false,
      replies: [],
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(en.email.visitSubject);
    const [settings] = await db.select().from(churchSettings).limit(1);
    expect(mails[0]!.text).toContain(settings!.streetAddress);
    expect(mails[0]!.text).toContain(
      new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day(7)}T00:00:00Z`)),
    );
    expect(mails[0]!.text).toContain(en.email.timesHeading);
    expect(mails[0]!.text).toMatch(/Sunday .*AM/);
  });

  test("a pastor request chosen in Spanish on the English page is confirmed in Spanish", async () => {
    const email = `pastor-${tag}@example.test`;
    const answer = await post(
      form(email, { kind: "pastor", language: "es", partySize: "1", phone: "", needs: "", message: "Quisiera hablar sobre el bautismo." }),
    );
    expect(answer.status).toBe(200);
    const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.email, email));
    expect(row).toMatchObject({
      kind: "pastor",
      language: "es",
      partySize: 1,
      phone: null,
      needs: "",
      message: "Quisiera hablar sobre el bautismo.",
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(es.email.pastorSubject);
    expect(mails[0]!.text).toContain("Fecha:");
    expect(mails[0]!.text).toMatch(/domingo/i);
    expect(mails[0]!.text).toContain(es.email.timesHeading);
  });

  test("the Spanish page answers in Spanish", async () => {
    const email = `es-page-${tag}@example.test`;
    const answer = await post(form(email, { language: "es" }), { language: "es" });
    expect(answer.status).toBe(200);
    expect((answer.body as ActionBody).message).toBe(es.form.success.replace("{{email}}", email));
    const bad = await post(form(email, { name: "" }), { language: "es" });
    expect(bad.status).toBe(400);
    expect((bad.body as ActionBody).fieldErrors).toEqual({ name: es.errors.name });
  });

  test("bad input: 400 with a translated message tied to each field, nothing written", async () => {
    const before = await counts();
    const email = `bad-${tag}@example.test`;
    const cases: [Record<string, string>, string, string, "en" | "es"][] = [
      [form(email, { name: "  " }), "name", en.errors.name, "en"],
      [form(email, { name: "x".repeat(121) }), "name", en.errors.name, "en"],
      [form("not-an-email"), "email", en.errors.email, "en"],
      [form(email, { phone: "call me" }), "phone", es.errors.phone, "es"],
      [form(email, { date: day(-1) }), "date", en.errors.datePast, "en"],
      [form(email, { date: day(400) }), "date", es.errors.dateFar, "es"],
      [form(email, { date: "2030-02-30" }), "date", en.errors.date, "en"],
      [form(email, { date: "" }), "date", en.errors.date, "en"],
      [form(email, { partySize: "0" }), "partySize", en.errors.partySize, "en"],
      [form(email, { partySize: "99" }), "partySize", en.errors.partySize, "en"],
      [form(email, { partySize: "2.5" }), "partySize", en.errors.partySize, "en"],
      [form(email, { kind: "party" }), "kind", en.errors.kind, "en"],
      [form(email, { language: "fr" }), "language", en.errors.language, "en"],
      [form(email, { needs: "x".repeat(10_000) }), "needs", en.errors.needs, "en"],
      [form(email, { message: "x".repeat(2001) }), "message", es.errors.message, "es"],
    ];
    for (const [body, field, message, language] of cases) {
      const answer = await post(body, { language });
      expect(answer.status, field).toBe(400);
      const result = answer.body as ActionBody;
      expect(result.fieldErrors?.[field], `${field}: ${JSON.stringify(result.fieldErrors)}`).toBe(message);
      expect(result.message).toBe(language === "es" ? es.form.errorSummary : en.form.errorSummary);
    }
    // Missing fields altogether.
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(Object.keys((empty.body as ActionBody).fieldErrors!).sort()).toEqual(["date", "email", "kind", "language", "name", "partySize"]);
    // Wrong types in a JSON body: translated field errors, not a 500.
    const typed = await postJson(
      JSON.stringify({
        kind: ["visit"],
        name: 42,
        email: { a: 1 },
        date: 20300101,
        partySize: "lots",
        language: true,
        needs: 5,
        message: null,
      }),
    );
    expect(typed.init.status).toBe(400);
    expect(typed.data.fieldErrors).toMatchObject({
      kind: en.errors.kind,
      name: en.errors.name,
      email: en.errors.email,
      date: en.errors.date,
      partySize: en.errors.partySize,
      language: en.errors.language,
      needs: en.errors.needs,
      message: en.errors.message,
    });
    const garbage = await postJson("{not json");
    expect(garbage.init.status).toBe(400);
    expect(garbage.data.message).toBe(en.errors.invalidRequest);
    const array = await postJson("[1,2]");
    expect(array.init.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test("rate limits: per email and per IP answer 429 and write nothing", async () => {
    const email = `limited-${tag}@example.test`;
    for (let i = 0; i < 3; i += 1) expect((await post(form(email))).status).toBe(200);
    const before = await counts();
    const limited = await post(form(email));
    expect(limited.status).toBe(429);
    expect((limited.body as ActionBody).message).toMatch(/^You have sent several requests/);
    expect(await counts()).toEqual(before);

    const shared = "192.0.2.77";
    for (let i = 0; i < 5; i += 1) expect((await post(form(`ip-${i}-${tag}@example.test`), { ip: shared })).status).toBe(200);
    const blocked = await post(form(`ip-6-${tag}@example.test`), { ip: shared, language: "es" });
    expect(blocked.status).toBe(429);
    expect((blocked.body as ActionBody).message).toMatch(/^Ha enviado varias solicitudes/);
  });

  test("a signed-in member's form is prefilled and the request linked to the account", async () => {
    const email = `member-${tag}@example.test`;
    await authCallContext.run(
      { language: "en", signup: { fullName: "Rosa Member", username: "", displayName: "Rosa Member", phone: null } },
      () => getAuth().api.signUpEmail({ body: { name: "Rosa Member", email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    const cookie = cookieJar(undefined, signedIn.headers.getSetCookie());
    const page = await h.call(visitLoader, { path: "/plan-visit", cookie });
    expect((page.body as { member: { name: string; email: string } }).member).toMatchObject({ name: "Rosa Member", email });
    expect((await post(form(email, { name: "Rosa Member" }), { cookie })).status).toBe(200);
    const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.email, email));
    expect(row!.userId).toBe(user!.id);
    expect((await inbox()).items.find((i) => i.id === row!.id)!.linkedAccount).toBe(true);
  });

  test("XSS strings are stored as written and escaped in the email", async () => {
    const email = `xss-${tag}@example.test`;
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    expect((await post(form(email, { name: `Eve ${evil}`.slice(0, 120), needs: evil, message: evil }))).status).toBe(200);
    const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.email, email));
    expect(row!.needs).toBe(evil);
    expect(row!.message).toBe(evil);
    const item = (await inbox()).items.find((i) => i.id === row!.id)!;
    expect(item.needs).toBe(evil);
    const [mail] = await mailsTo(email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img src=x");
  });

  test("the inbox: filters, status workflow, assignee, notes and replies, each audited; 403 without the scope", async () => {
    const email = `inbox-${tag}@example.test`;
    expect((await post(form(email, { kind: "pastor", language: "es" }))).status).toBe(200);
    const [row] = await db.select().from(meetingRequests).where(eq(meetingRequests.email, email));
    const id = row!.id;

    // Filters and order: newest first; kind and status narrow the list.
    const all = await inbox();
    expect(all.items[0]!.id).toBe(id);
    expect((await inbox("?status=new&kind=pastor")).items.every((i) => i.kind === "pastor" && i.status === "new")).toBe(true);
    expect((await inbox("?status=all&kind=visit")).items.some((i) => i.id === id)).toBe(false);
    expect(all.staff.map((s) => s.name)).toEqual(expect.arrayContaining(["Visit Staff", "Pastor Colleague"]));
    expect(all.staff.map((s) => s.name)).not.toContain("Prayer Only");

    // Without the scope: 403 on the page and on every action, nothing changes.
    expect((await h.call(meetingsLoader, { path: "/admin/inbox/meetings", cookie: outsider.cookie })).status).toBe(403);
    expect((await act({ intent: "set-status", id, status: "contacted" }, outsider.cookie)).status).toBe(403);
    expect((await act({ intent: "reply", id, body: "Hi" }, outsider.cookie)).status).toBe(403);
    expect((await db.select().from(meetingRequests).where(eq(meetingRequests.id, id)))[0]!.status).toBe("new");

    // Workflow: new → contacted → scheduled → done; skipping or leaving done for new is refused.
    expect((await act({ intent: "set-status", id, status: "done" })).status).toBe(409);
    const contacted = await act({ intent: "set-status", id, status: "contacted" });
    expect(contacted.status).toBe(303);
    expect(contacted.headers.get("location")).toContain("done=saved");
    expect((await act({ intent: "set-status", id, status: "scheduled" })).status).toBe(303);
    expect((await act({ intent: "set-status", id, status: "done" })).status).toBe(303);
    expect((await act({ intent: "set-status", id, status: "new" })).status).toBe(409);
    expect((await act({ intent: "set-status", id, status: "archived" })).status).toBe(400);
    expect((await db.select().from(meetingRequests).where(eq(meetingRequests.id, id)))[0]!.status).toBe("done");
    expect((await inbox("?status=done")).items.some((i) => i.id === id)).toBe(true);

    // Assignee: someone holding the scope, not someone without it.
    expect((await act({ intent: "assign", id, assigneeUserId: colleague.userId })).status).toBe(303);
    expect((await act({ intent: "assign", id, assigneeUserId: outsider.userId })).status).toBe(400);
    expect((await db.select().from(meetingRequests).where(eq(meetingRequests.id, id)))[0]!.assigneeUserId).toBe(colleague.userId);

    // Notes.
    expect((await act({ intent: "save-notes", id, notes: "  Called Tuesday;\r\nprefers mornings " })).status).toBe(303);
    expect((await act({ intent: "save-notes", id, notes: "x".repeat(4001) })).status).toBe(400);
    expect((await db.select().from(meetingRequests).where(eq(meetingRequests.id, id)))[0]!.staffNotes).toBe(
      "Called Tuesday;\nprefers mornings",
    );

    // A reply: stored with its author, emailed in the requester's language (Spanish).
    expect((await act({ intent: "reply", id, body: "   " })).status).toBe(400);
    const replied = await act({ intent: "reply", id, body: "Le esperamos el domingo.\n\n<b>Pastor</b>" });
    expect(replied.status).toBe(303);
    expect(replied.headers.get("location")).toContain("done=replied");
    const [reply] = await db.select().from(inboxReplies).where(eq(inboxReplies.meetingRequestId, id));
    expect(reply).toMatchObject({
      authorUserId: staff.userId,
      authorName: "Visit Staff",
      body: "Le esperamos el domingo.\n\n<b>Pastor</b>",
    });
    const mails = await mailsTo(email);
    const replyMail = mails.find((m) => m.subject.startsWith(es.email.replySubject.replace("{{church}}", "")));
    expect(replyMail).toBeDefined();
    expect(replyMail!.text).toContain("Le esperamos el domingo.");
    expect(replyMail!.html).toContain("&lt;b&gt;Pastor&lt;/b&gt;");
    const [outboxRow] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, reply!.outboxMessageId!));
    expect(outboxRow!.recipient).toBe(email);
    const shown = (await inbox()).items.find((i) => i.id === id)!;
    expect(shown.replies).toEqual([
      expect.objectContaining({ authorName: "Visit Staff", body: "Le esperamos el domingo.\n\n<b>Pastor</b>" }),
    ]);
    expect(shown).toMatchObject({ status: "done", assigneeUserId: colleague.userId, staffNotes: "Called Tuesday;\nprefers mornings" });

    // Every change audited with who made it; refused changes are not.
    const entries = await audits(id);
    expect(entries.map((e) => e.action)).toEqual([
      "meeting.status.update",
      "meeting.status.update",
      "meeting.status.update",
      "meeting.assign",
      "meeting.notes.update",
      "meeting.reply",
    ]);
    expect(entries.every((e) => e.actorUserId === staff.userId)).toBe(true);
    expect(entries[0]).toMatchObject({ before: { status: "new" }, after: { status: "contacted" } });

    // Malformed admin input.
    expect((await act({ intent: "explode", id })).status).toBe(400);
    expect((await act({ intent: "set-status", id: "not-a-uuid", status: "done" })).status).toBe(400);
    expect((await act({ intent: "set-status", id: "00000000-0000-4000-8000-000000000000", status: "contacted" })).status).toBe(404);
  });

  test("a cancelled request can be reopened", async () => {
    const email = `cancel-${tag}@example.test`;
    expect((await post(form(email))).status).toBe(200);
    const [row] = await db.select().from(meetingRequests).where(like(meetingRequests.email, email));
    expect((await act({ intent: "set-status", id: row!.id, status: "cancelled" })).status).toBe(303);
    expect((await inbox("?status=cancelled")).items.map((i) => i.id)).toContain(row!.id);
    expect((await act({ intent: "set-status", id: row!.id, status: "new" })).status).toBe(303);
  });
});
