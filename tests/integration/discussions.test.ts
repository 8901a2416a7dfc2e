// Member discussions on /community (issue 7): visitors never get a thread by any route; pending
// threads reach only their author and the moderators, hidden ones nobody; posting with and
// without auto-approve, replies with exact counts under parallel posts and the author's email,
// closed threads, reports once per member, deleting one's own posts, rate limits, validation
// (4xx, never 5xx), markup shown as text, and the moderation part of /admin/moderation with its
// audit log and scope.
import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  auditLog,
  churchSettings,
  discussionReplies,
  discussionReports,
  discussionThreads,
  outboxMessages,
  profiles,
  rateLimits,
  users,
  type OutboxEmailPayload,
} from "~/db/schema";
import { DiscussionThreadView } from "~/components/discussions/discussion-thread";
import { DiscussionsSection } from "~/components/discussions/discussions-section";
import { I18nProvider } from "~/i18n/react";
import enStrings from "~/i18n/locales/en";
import { action as moderationAction, loader as moderationLoader } from "~/routes/admin/moderation";
import { action as communityAction, loader as communityLoader } from "~/routes/community/community";
import { action as threadAction, loader as threadLoader } from "~/routes/community/discussion";
import { authCallContext, getAuth } from "~/server/auth.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

interface Member {
  id: string;
  email: string;
  name: string;
  cookie: string;
}
type Result = { ok: boolean; message: string; id?: string; intent: string | null; fieldErrors: Record<string, string>; href?: string };
type Section = {
  signedIn: boolean;
  signInHref: string;
  threads?: Array<{ id: string; title: string; authorName: string; replyCount: number; lastActivityLabel: string; href: string }>;
  pending?: Array<{ id: string; title: string }>;
  pagination?: { page: number; pages: number; total: number };
};
type ThreadPage = {
  thread: { id: string; title: string; body: string; pending: boolean; locked: boolean; mine: boolean; reported: boolean };
  replies: Array<{ id: string; body: string; authorName: string; mine: boolean; reported: boolean }>;
};
type Moderation = {
  discussions: {
    pending: Array<{ id: string; title: string }>;
    reportedThreads: Array<{ id: string; reportCount: number; reasons: string[] }>;
    reportedReplies: Array<{ id: string; reportCount: number; reasons: string[] }>;
    recent: Array<{ id: string; locked: boolean }>;
    autoApprove: boolean;
  };
};

describeOnBackend("discussions", (backend) => {
  let h: AdminHarness;
  let moderator: { userId: string; cookie: string };
  const db = () => h.database.handle.db;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    moderator = await h.createAdmin({ scopes: ["moderation"], name: "Moira Moderator" });
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await db().delete(discussionThreads);
    await db().delete(rateLimits);
    await db().update(churchSettings).set({ discussionAutoApprove: false });
  });

  async function createMember(name: string, language: "en" | "es" = "en"): Promise<Member> {
    const email = `discuss-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language, signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: "grace-and-peace-7" } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db().update(profiles).set({ preferredLanguage: language }).where(eq(profiles.id, user!.id));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: "grace-and-peace-7" }, returnHeaders: true });
    return { id: user!.id, email, name, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
  }

  const section = async (cookie?: string, query = "", language?: "en" | "es") => {
    const result = await h.call(communityLoader, { path: `/community${query}`, cookie, language });
    expect(result.status).toBe(200);
    return (result.body as { discussions: Section }).discussions;
  };
  const communityPost = async (form: Record<string, string>, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(communityAction, { path: "/community", cookie, form, language });
    return { status: result.status, body: (result.body as { section?: string; payload: Result }).payload };
  };
  const withParams = (fn: typeof threadLoader | typeof threadAction, threadId: string) => (args: Parameters<typeof threadLoader>[0]) =>
    fn({ ...args, params: { threadId } });
  const page = (threadId: string, cookie?: string, language?: "en" | "es") =>
    h.call(withParams(threadLoader, threadId), { path: `/community/discussions/${threadId}`, cookie, language });
  const threadPost = async (threadId: string, form: Record<string, string>, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(withParams(threadAction, threadId), { path: `/community/discussions/${threadId}`, cookie, form, language });
    return { status: result.status, body: result.body as Result, headers: result.headers };
  };
  const start = async (member: Member, values: Record<string, string> = {}) => {
    const result = await communityPost(
      { intent: "discussions-post", title: "Bible reading plans", body: "Which plan do you follow this year?", ...values },
      member.cookie,
    );
    expect(result.status).toBe(200);
    return result.body.id!;
  };
  const approve = async (id: string) => {
    const result = await h.call(moderationAction, {
      path: "/admin/moderation",
      cookie: moderator.cookie,
      form: { intent: "discussions-approve", kind: "thread", id },
    });
    expect(result.status).toBe(303);
  };
  const reply = (member: Member, threadId: string, body = "Thank you for asking.", language?: "en" | "es") =>
    threadPost(threadId, { intent: "discussions-reply", threadId, body }, member.cookie, language);
  const threadRow = async (id: string) => (await db().select().from(discussionThreads).where(eq(discussionThreads.id, id)))[0];
  const moderation = async (cookie = moderator.cookie) => {
    const result = await h.call(moderationLoader, { path: "/admin/moderation", cookie });
    expect(result.status).toBe(200);
    return (result.body as Moderation).discussions;
  };
  const mailsTo = async (email: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email)).orderBy(asc(outboxMessages.createdAt)))
      .map((m) => m.payload as OutboxEmailPayload)
      .filter((p) => !/^(Confirm|Confirme) /.test(p.subject));

  describe("visibility", () => {
    test("visitors get the sign-in link and no thread content by any route", async () => {
      const author = await createMember("Vera Visible");
      const id = await start(author, { title: "Members only topic", body: "Secret-ish body" });
      await approve(id);
      const guest = await section();
      expect(guest).toEqual({ signedIn: false, signInHref: "/auth?redirectTo=/community" });
      const full = await h.call(communityLoader, { path: "/community" });
      expect(JSON.stringify(full.body)).not.toContain("Members only topic");
      const visit = await page(id);
      expect(visit.status).toBe(302);
      expect(visit.headers.get("location")).toBe(`/auth?redirectTo=/community/discussions/${id}`);
      expect(JSON.stringify(visit.body ?? "")).not.toContain("Secret-ish");
      const forms: Array<Record<string, string>> = [
        { intent: "discussions-reply", threadId: id, body: "hi" },
        { intent: "discussions-report", kind: "thread", id },
        { intent: "discussions-delete", kind: "thread", id },
        { intent: "discussions-post", title: "x", body: "y" },
      ];
      for (const form of forms) {
        const viaThread = await threadPost(id, form);
        expect(viaThread.status).toBe(401);
        expect(viaThread.body.message).toBe("Please sign in to take part in the discussions.");
        expect((await communityPost(form)).status).toBe(401);
      }
      expect(await threadRow(id)).toMatchObject({ replyCount: 0, reportCount: 0 });
    });

    test("a pending thread reaches only its author and the moderators; hidden threads nobody", async () => {
      const author = await createMember("Paul Pending");
      const other = await createMember("Olga Other");
      const started = await communityPost({ intent: "discussions-post", title: "Waiting topic", body: "Body" }, author.cookie);
      expect(started.body).toMatchObject({ ok: true, message: "Thank you. Your discussion appears after a moderator reviews it." });
      expect(started.body.href).toBeUndefined();
      const id = started.body.id!;
      expect((await threadRow(id))!.status).toBe("pending");

      const mine = await section(author.cookie);
      expect(mine.threads).toEqual([]);
      expect(mine.pending!.map((p) => p.title)).toEqual(["Waiting topic"]);
      expect((await page(id, author.cookie)).status).toBe(200);
      expect(((await page(id, author.cookie)).body as ThreadPage).thread.pending).toBe(true);

      const theirs = await section(other.cookie);
      expect(JSON.stringify(theirs)).not.toContain("Waiting topic");
      expect((await page(id, other.cookie)).status).toBe(404);
      expect((await reply(other, id)).status).toBe(404);
      expect((await threadPost(id, { intent: "discussions-report", kind: "thread", id }, other.cookie)).status).toBe(404);
      // Not even its author can reply before it is approved.
      expect((await reply(author, id)).status).toBe(404);
      expect((await moderation()).pending.map((p) => p.id)).toEqual([id]);

      await approve(id);
      expect((await section(other.cookie)).threads!.map((t) => t.id)).toEqual([id]);
      expect((await section(author.cookie)).pending).toEqual([]);

      const hide = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "discussions-hide", kind: "thread", id },
      });
      expect(hide.status).toBe(303);
      for (const member of [author, other]) {
        expect((await page(id, member.cookie)).status).toBe(404);
        expect(JSON.stringify(await section(member.cookie))).not.toContain("Waiting topic");
        expect((await reply(member, id)).status).toBe(404);
      }
      expect((await threadPost(id, { intent: "discussions-delete", kind: "thread", id }, author.cookie)).status).toBe(404);
      const queue = await moderation();
      expect(JSON.stringify(queue)).not.toContain(id);
      // Unknown ids and malformed ids are a 404 page too.
      expect((await page("00000000-0000-4000-8000-000000000000", other.cookie)).status).toBe(404);
      expect((await page("not-a-uuid", other.cookie)).status).toBe(404);
    });

    test("with auto-approve a new topic is published at once; the list is latest activity first, 10 a page, in the church time zone", async () => {
      const [{ timeZone } = { timeZone: "UTC" }] = await db().select({ timeZone: churchSettings.timeZone }).from(churchSettings);
      await db().update(churchSettings).set({ discussionAutoApprove: true, timeZone: "America/Chicago" });
      const author = await createMember("Amy Auto");
      const published = await communityPost({ intent: "discussions-post", title: "Published topic", body: "Hello" }, author.cookie, "es");
      expect(published.body.message).toBe("Su conversación está publicada.");
      expect(published.body.href).toBe(`/community/discussions/${published.body.id}?lang=es`);
      for (let i = 0; i < 11; i++) {
        const id = await start(author, { title: `Topic ${i}` });
        await db()
          .update(discussionThreads)
          .set({ lastActivityAt: new Date(Date.UTC(2026, 0, 1 + i, 3)) })
          .where(eq(discussionThreads.id, id));
        await db().delete(rateLimits);
      }
      await db()
        .update(discussionThreads)
        .set({ lastActivityAt: new Date(Date.UTC(2025, 0, 1)) })
        .where(eq(discussionThreads.id, published.body.id!));
      const first = await section(author.cookie);
      expect(first.pagination).toEqual({ page: 1, pages: 2, total: 12 });
      expect(first.threads!.map((t) => t.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Topic ${10 - i}`));
      // 03:00 UTC on 11 January is the evening of 10 January in Chicago.
      expect(first.threads![0]!.lastActivityLabel).toMatch(/^Jan 10, 2026/);
      expect((await section(author.cookie, "", "es")).threads![0]!.lastActivityLabel).toMatch(/^10 ene 2026/);
      const second = await section(author.cookie, "?topics=2");
      expect(second.threads!.map((t) => t.title)).toEqual(["Topic 0", "Published topic"]);
      for (const query of ["?topics=999999999", "?topics=-3", "?topics=abc", "?topics=1.5"]) {
        const bounded = await section(author.cookie, query);
        expect(bounded.threads!.length).toBeGreaterThan(0);
        expect(bounded.pagination!.page).toBeGreaterThanOrEqual(1);
        expect(bounded.pagination!.page).toBeLessThanOrEqual(2);
      }
      await db().update(churchSettings).set({ timeZone });
    });
  });

  describe("replies", () => {
    test("replies show oldest first; the author hears by email in their language, once an hour, not for their own replies", async () => {
      const author = await createMember("Elena Autora", "es");
      const friend = await createMember("Frank Friend");
      const third = await createMember("Tina Third");
      const id = await start(author, { title: "Oración del grupo" });
      await approve(id);
      const before = (await threadRow(id))!.lastActivityAt;

      const own = await reply(author, id, "Mi propia respuesta");
      expect(own.status).toBe(200);
      expect(await mailsTo(author.email)).toHaveLength(0);

      const first = await reply(friend, id, "Count me in");
      expect(first.body).toMatchObject({ ok: true, message: "Your reply is posted." });
      const mails = await mailsTo(author.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Nueva respuesta a su conversación");
      expect(mails[0]!.text).toContain("Frank Friend respondió a «Oración del grupo».");
      expect(mails[0]!.text).toContain(`/community/discussions/${id}?lang=es`);

      await reply(third, id, "Me too");
      expect(await mailsTo(author.email)).toHaveLength(1);

      const row = (await threadRow(id))!;
      expect(row.replyCount).toBe(3);
      expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
      const view = (await page(id, friend.cookie)).body as ThreadPage;
      expect(view.replies.map((r) => r.body)).toEqual(["Mi propia respuesta", "Count me in", "Me too"]);
      expect(view.replies.map((r) => r.mine)).toEqual([false, true, false]);
    });

    test("parallel replies keep reply_count exact", async () => {
      const author = await createMember("Pat Parallel");
      const others = await Promise.all(Array.from({ length: 4 }, (_, i) => createMember(`Replier ${i}`)));
      const id = await start(author);
      await approve(id);
      const results = await Promise.all(
        others.flatMap((m) => Array.from({ length: 5 }, (_, i) => reply(m, id, `Reply ${i} from ${m.name}`))),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const replies = await db().select().from(discussionReplies).where(eq(discussionReplies.threadId, id));
      expect(replies).toHaveLength(20);
      expect((await threadRow(id))!.replyCount).toBe(20);
      // One email only: the first reply within the hour.
      expect(await mailsTo(author.email)).toHaveLength(1);
    });

    test("a closed thread refuses replies with a translated 409", async () => {
      const author = await createMember("Larry Locked");
      const friend = await createMember("Fay Friend");
      const id = await start(author);
      await approve(id);
      const lock = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "discussions-lock", kind: "thread", id },
      });
      expect(lock.status).toBe(303);
      const refused = await reply(friend, id, "Too late", "es");
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("Esta conversación está cerrada. No admite respuestas nuevas.");
      expect(((await page(id, friend.cookie)).body as ThreadPage).thread.locked).toBe(true);
      expect((await threadRow(id))!.replyCount).toBe(0);
      await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "discussions-unlock", kind: "thread", id },
      });
      expect((await reply(friend, id, "Open again")).status).toBe(200);
    });

    test("reports count once per member, with an optional reason; a second report answers kindly", async () => {
      const author = await createMember("Rita Reported");
      const a = await createMember("Reporter A");
      const b = await createMember("Reporter B");
      const id = await start(author);
      await approve(id);
      const replyId = (await reply(author, id, "A reply to report")).body.id!;
      const first = await threadPost(id, { intent: "discussions-report", kind: "thread", id, reason: "Off topic" }, a.cookie);
      expect(first.body).toMatchObject({ ok: true, message: "Thank you. A moderator will look at it." });
      const again = await threadPost(id, { intent: "discussions-report", kind: "thread", id, reason: "Still off topic" }, a.cookie);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe("You have already reported this. Thank you: a moderator will look at it.");
      await Promise.all([1, 2, 3].map(() => threadPost(id, { intent: "discussions-report", kind: "thread", id }, b.cookie)));
      expect((await threadRow(id))!.reportCount).toBe(2);
      await threadPost(id, { intent: "discussions-report", kind: "reply", id: replyId, reason: "Rude" }, b.cookie);
      expect((await db().select().from(discussionReports)).length).toBe(3);
      const view = (await page(id, a.cookie)).body as ThreadPage;
      expect(view.thread.reported).toBe(true);
      expect(view.replies[0]!.reported).toBe(false);
      const queue = await moderation();
      expect(queue.reportedThreads).toEqual([expect.objectContaining({ id, reportCount: 2, reasons: ["Off topic"] })]);
      expect(queue.reportedReplies).toEqual([expect.objectContaining({ id: replyId, reportCount: 1, reasons: ["Rude"] })]);
      const tooLong = await threadPost(id, { intent: "discussions-report", kind: "reply", id: replyId, reason: "x".repeat(501) }, a.cookie);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe("The reason can be at most 500 characters.");
    });

    test("members delete only their own replies and threads", async () => {
      const author = await createMember("Dora Delete");
      const other = await createMember("Otis Other");
      const id = await start(author);
      await approve(id);
      const mine = (await reply(author, id, "mine")).body.id!;
      const theirs = (await reply(other, id, "theirs")).body.id!;
      expect((await threadPost(id, { intent: "discussions-delete", kind: "reply", id: theirs }, author.cookie)).status).toBe(404);
      expect((await threadPost(id, { intent: "discussions-delete", kind: "thread", id }, other.cookie)).status).toBe(404);
      const deleted = await threadPost(id, { intent: "discussions-delete", kind: "reply", id: mine }, author.cookie);
      expect(deleted.body).toMatchObject({ ok: true, message: "Your reply is deleted." });
      expect((await threadRow(id))!.replyCount).toBe(1);
      const gone = await threadPost(id, { intent: "discussions-delete", kind: "thread", id }, author.cookie);
      expect(gone.status).toBe(303);
      expect(gone.headers.get("location")).toBe("/community");
      expect(await threadRow(id)).toBeUndefined();
      expect(await db().select().from(discussionReplies).where(eq(discussionReplies.id, theirs))).toEqual([]);
    });
  });

  describe("limits and input", () => {
    test("rate limits: six topics an hour is one too many", async () => {
      const author = await createMember("Randy Rate");
      for (let i = 0; i < 5; i++) await start(author, { title: `T${i}` });
      const sixth = await communityPost({ intent: "discussions-post", title: "T5", body: "b" }, author.cookie);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(/^You have posted a lot in a short time\. Please try again in \d+ minutes\.$/);
      expect(await db().select().from(discussionThreads).where(eq(discussionThreads.userId, author.id))).toHaveLength(5);
    });

    test("rate limits replies and reports per member", async () => {
      const author = await createMember("Rhea Replies");
      const id = await start(author);
      await approve(id);
      await db()
        .insert(rateLimits)
        .values([
          { key: `discussions:reply:user:${author.id}`, count: 30, resetAt: new Date(Date.now() + 3_600_000) },
          { key: `discussions:report:user:${author.id}`, count: 20, resetAt: new Date(Date.now() + 3_600_000) },
        ]);
      expect((await reply(author, id)).status).toBe(429);
      const other = await createMember("Other Ollie");
      const replyId = (await reply(other, id)).body.id!;
      expect((await threadPost(id, { intent: "discussions-report", kind: "reply", id: replyId }, author.cookie)).status).toBe(429);
      expect((await threadRow(id))!).toMatchObject({ replyCount: 1, reportCount: 0 });
    });

    test("bad input is a translated 4xx, never a 5xx, and stores nothing", async () => {
      const author = await createMember("Ivan Invalid");
      const id = await start(author);
      await approve(id);
      const cases: Array<[Record<string, string>, string]> = [
        [{ intent: "discussions-post", title: "", body: "b" }, "Please enter a topic."],
        [{ intent: "discussions-post", title: "   ", body: "b" }, "Please enter a topic."],
        [{ intent: "discussions-post", title: "x".repeat(161), body: "b" }, "The topic can be at most 160 characters."],
        [{ intent: "discussions-post", title: "t", body: "x".repeat(8001) }, "The text can be at most 8000 characters."],
        [{ intent: "discussions-post", title: "t" }, "Please write something."],
        [{ intent: "discussions-post", title: "t\u0000", body: "b" }, "That request could not be processed. Please try again."],
        [{ intent: "discussions-unknown" }, "That request could not be processed. Please try again."],
        [{ intent: "discussions-reply", threadId: id, body: "x".repeat(4001) }, "The reply can be at most 4000 characters."],
        [{ intent: "discussions-reply", threadId: id, body: "  " }, "Please write your reply."],
        [{ intent: "discussions-reply", threadId: "nope", body: "hi" }, "That request could not be processed. Please try again."],
        [{ intent: "discussions-report", kind: "post", id }, "That request could not be processed. Please try again."],
        [
          { intent: "discussions-delete", kind: "thread", id: "1; drop table users" },
          "That request could not be processed. Please try again.",
        ],
      ];
      for (const [form, message] of cases) {
        const result = await threadPost(id, form, author.cookie);
        expect(result.status, JSON.stringify(form).slice(0, 80)).toBe(400);
        expect(result.body.message).toBe(message);
      }
      const es = await communityPost({ intent: "discussions-post", title: "", body: "b" }, author.cookie, "es");
      expect(es.status).toBe(400);
      expect(es.body.fieldErrors.title).toBe("Por favor, escriba un tema.");
      expect(await db().select().from(discussionThreads)).toHaveLength(1);
      expect((await threadRow(id))!.replyCount).toBe(0);
    });

    test("markup in titles, bodies and replies is rendered as text in the HTML", async () => {
      const author = await createMember("Xena Xss");
      const title = `<script>alert("t")</script>`;
      const body = `<img src=x onerror=alert(1)> <a href="javascript:alert(2)">click</a> https://example.com`;
      const id = await start(author, { title, body });
      await approve(id);
      await reply(author, id, `<iframe src="javascript:alert(3)"></iframe>`);
      const data = (await page(id, author.cookie)).body as ThreadPage;
      expect(data.thread).toMatchObject({ title, body });
      const sectionData = await section(author.cookie);
      const render = (element: ReturnType<typeof createElement>) => {
        const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
        return renderToString(
          createElement(I18nProvider, { language: "en", strings: enStrings, children: createElement(Stub, { initialEntries: ["/"] }) }),
        );
      };
      const html =
        render(createElement(DiscussionThreadView, { data: data as never, result: undefined })) +
        render(createElement(DiscussionsSection, { data: sectionData as never, actionData: undefined }));
      expect(html).toContain("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).toContain("&lt;iframe");
      expect(html).not.toMatch(/<script>alert|<img src=x|<iframe|href="javascript:|href="https:\/\/example\.com/);
    });
  });

  describe("moderation", () => {
    test("approve, hide and dismiss reports, close, reopen, delete and the setting are audit-logged", async () => {
      const author = await createMember("Mona Moderated");
      const reporter = await createMember("Reese Reporter");
      const a = await start(author, { title: "Approve me" });
      const b = await start(author, { title: "Delete me" });
      await approve(a);
      const r1 = (await reply(author, a, "first")).body.id!;
      const r2 = (await reply(author, a, "second")).body.id!;
      await threadPost(a, { intent: "discussions-report", kind: "reply", id: r1, reason: "spam" }, reporter.cookie);
      await threadPost(a, { intent: "discussions-report", kind: "reply", id: r2 }, reporter.cookie);
      await threadPost(a, { intent: "discussions-report", kind: "thread", id: a }, reporter.cookie);
      const act = (form: Record<string, string>, cookie = moderator.cookie) =>
        h.call(moderationAction, { path: "/admin/moderation", cookie, form });
      expect((await act({ intent: "discussions-hide", kind: "reply", id: r1 })).status).toBe(303);
      expect((await act({ intent: "discussions-dismiss", kind: "reply", id: r2 })).status).toBe(303);
      expect((await act({ intent: "discussions-dismiss", kind: "thread", id: a })).status).toBe(303);
      expect((await act({ intent: "discussions-lock", kind: "thread", id: a })).status).toBe(303);
      expect((await act({ intent: "discussions-unlock", kind: "thread", id: a })).status).toBe(303);
      expect((await act({ intent: "discussions-delete", kind: "thread", id: b })).status).toBe(303);
      expect((await act({ intent: "discussions-settings", autoApprove: "on" })).status).toBe(303);
      const row = (await threadRow(a))!;
      expect(row).toMatchObject({ replyCount: 1, reportCount: 0, locked: false, status: "approved" });
      const view = (await page(a, reporter.cookie)).body as ThreadPage;
      expect(view.replies.map((r) => r.body)).toEqual(["second"]);
      expect(await threadRow(b)).toBeUndefined();
      expect((await db().select().from(churchSettings))[0]!.discussionAutoApprove).toBe(true);
      const queue = await moderation();
      expect(queue).toMatchObject({ pending: [], reportedThreads: [], reportedReplies: [], autoApprove: true });
      const actions = (
        await db().select().from(auditLog).where(like(auditLog.action, "discussion.%")).orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      ).map((e) => `${e.action}:${e.entityId ?? ""}`);
      expect(actions).toEqual(
        expect.arrayContaining([
          `discussion.thread.approve:${a}`,
          `discussion.reply.hide:${r1}`,
          `discussion.reply.dismiss-reports:${r2}`,
          `discussion.thread.dismiss-reports:${a}`,
          `discussion.thread.lock:${a}`,
          `discussion.thread.unlock:${a}`,
          `discussion.thread.delete:${b}`,
          "discussion.settings:1",
        ]),
      );
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "discussion.thread.delete"), eq(auditLog.entityId, b)));
      expect(entry).toMatchObject({ actorUserId: moderator.userId, actorName: "Moira Moderator" });
      // Bad input and gone items come back as translated problems.
      const bad = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "discussions-lock", kind: "reply", id: r2 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ section: "discussions", message: "That request could not be processed.", id: r2 });
      const gone = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "discussions-approve", kind: "thread", id: b },
        language: "es",
      });
      expect(gone.status).toBe(404);
      expect((gone.body as { message: string }).message).toBe("Esa conversación o respuesta ya no existe.");
      expect((await act({ intent: "discussions-hide", kind: "thread", id: "x" })).status).toBe(400);
    });

    test("only the moderation scope moderates: members, admins without it and visitors are refused", async () => {
      const author = await createMember("Sam Scope");
      const id = await start(author);
      const other = await h.createAdmin({ scopes: ["content"] });
      const roleModerator = await h.createModerator();
      const form = { intent: "discussions-approve", kind: "thread", id };
      const auditBefore = (await db().select().from(auditLog).where(like(auditLog.action, "discussion.%"))).length;
      expect((await h.call(moderationAction, { path: "/admin/moderation", cookie: author.cookie, form })).status).toBe(303);
      expect((await h.call(moderationAction, { path: "/admin/moderation", form })).status).toBe(303);
      expect((await h.call(moderationAction, { path: "/admin/moderation", cookie: other.cookie, form })).status).toBe(403);
      expect((await h.call(moderationLoader, { path: "/admin/moderation", cookie: other.cookie })).status).toBe(403);
      expect(
        (
          await h.call(moderationAction, {
            path: "/admin/moderation",
            cookie: other.cookie,
            form: { intent: "discussions-settings", autoApprove: "on" },
          })
        ).status,
      ).toBe(403);
      expect((await threadRow(id))!.status).toBe("pending");
      expect((await db().select().from(churchSettings))[0]!.discussionAutoApprove).toBe(false);
      expect(await db().select().from(auditLog).where(like(auditLog.action, "discussion.%"))).toHaveLength(auditBefore);
      // A moderator (role, no admin record) may.
      expect((await moderation(roleModerator.cookie)).pending.map((p) => p.id)).toEqual([id]);
      expect((await h.call(moderationAction, { path: "/admin/moderation", cookie: roleModerator.cookie, form })).status).toBe(303);
      expect((await threadRow(id))!.status).toBe("approved");
    });
  });
});
