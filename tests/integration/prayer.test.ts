// The prayer wall (issue 7): who sees what (private requests never leave the inbox), posting
// with the church's auto-approve and expiry settings, "I'm praying" once per member under
// parallel clicks with the author's email in their language, reports that hide a request,
// the moderation queue and the prayer inbox (reply by email, audit log, scopes).
import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  auditLog,
  churchSettings,
  inboxReplies,
  outboxMessages,
  prayerIntercessions,
  prayerRequests,
  profiles,
  users,
  type OutboxEmailPayload,
} from "~/db/schema";
import { I18nProvider } from "~/i18n/react";
import enStrings from "~/i18n/locales/en";
import InboxPage, { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox-prayer";
import ModerationPage, { action as moderationAction, loader as moderationLoader } from "~/routes/admin/moderation";
import PrayerPage, { action as prayerAction, loader as prayerLoader } from "~/routes/prayer/prayer";
import { streamPrayingCounts } from "~/features/prayer/stream-praying-counts.server";
import { authCallContext, getAuth } from "~/server/auth.server";
import { createMemoryPubSub, setPubSub } from "~/server/pubsub.server";
import { PUBLIC_URL } from "../support/auth-harness";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

interface Member {
  id: string;
  email: string;
  name: string;
  cookie: string;
}
type Card = {
  id: string;
  title: string | null;
  body: string;
  authorName: string | null;
  prayingCount: number;
  iPrayed: boolean;
  answered: boolean;
  praiseReport: string | null;
};
type WallData = {
  requests: Card[];
  mine: Array<{ id: string; status: string; visibility: string; answered: boolean; praiseReport: string | null }>;
  pagination: { page: number; pages: number; total: number };
  signedIn: boolean;
  page: { title: string };
};
type ActionData = { ok: boolean; message: string; id?: string; fieldErrors: Record<string, string>; prayingCount?: number };
type AdminItem = {
  id: string;
  authorName: string;
  authorEmail: string | null;
  status: string;
  inboxStatus: string;
  replies: Array<{ body: string }>;
};

describeOnBackend("prayer wall", (backend) => {
  let h: AdminHarness;
  let prayerAdmin: { userId: string; cookie: string };
  const db = () => h.database.handle.db;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    prayerAdmin = await h.createAdmin({ scopes: ["inbox:prayer", "moderation"], name: "Pastor Ruth" });
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await db().delete(prayerRequests);
    await db().update(churchSettings).set({ prayerAutoApprove: true, prayerExpiryDays: 30 });
  });

  async function createMember(name: string, language: "en" | "es" = "en"): Promise<Member> {
    const email = `prayer-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language, signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: "grace-and-peace-7" } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db().update(profiles).set({ preferredLanguage: language }).where(eq(profiles.id, user!.id));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: "grace-and-peace-7" }, returnHeaders: true });
    return { id: user!.id, email, name, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
  }

  const wall = async (cookie?: string, query = "", language?: "en" | "es") => {
    const result = await h.call(prayerLoader, { path: `/prayer${query}`, cookie, language });
    expect(result.status).toBe(200);
    return result.body as WallData;
  };
  const post = async (form: Record<string, string>, cookie?: string, language?: "en" | "es") => {
    const result = await h.call(prayerAction, { path: "/prayer", cookie, form, language });
    return { status: result.status, body: result.body as ActionData };
  };
  const share = async (member: Member, values: Record<string, string> = {}) => {
    const result = await post(
      { intent: "post", body: "Please pray for my mother.", category: "family", visibility: "public", notify: "on", ...values },
      member.cookie,
    );
    expect(result.status).toBe(200);
    return result.body.id!;
  };
  const mailsTo = async (email: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email)).orderBy(asc(outboxMessages.createdAt)))
      .map((m) => m.payload as OutboxEmailPayload)
      .filter((p) => !/^(Confirm|Confirme) /.test(p.subject));
  const requestRow = async (id: string) => (await db().select().from(prayerRequests).where(eq(prayerRequests.id, id)))[0];

  describe("visibility", () => {
    test("private requests never reach anyone but the author: not on the wall, pages or filters; praying and reporting by id answer 404", async () => {
      const author = await createMember("Ana Author");
      const other = await createMember("Otto Other");
      const secret = await share(author, { visibility: "private", title: "Secret burden", category: "healing" });
      const open = await share(author, { title: "Open request", category: "healing" });
      for (const cookie of [undefined, other.cookie]) {
        for (const query of ["", "?category=healing", "?page=2", "?category=healing&page=1"]) {
          const data = await wall(cookie, query);
          expect(data.requests.map((r) => r.id)).not.toContain(secret);
          expect(JSON.stringify(data)).not.toContain("Secret burden");
        }
      }
      expect((await wall(other.cookie)).requests.map((r) => r.id)).toEqual([open]);
      expect((await post({ intent: "pray", id: secret }, other.cookie)).status).toBe(404);
      expect((await post({ intent: "report", id: secret }, other.cookie)).status).toBe(404);
      expect((await post({ intent: "answer", id: secret }, other.cookie)).status).toBe(404);
      expect((await post({ intent: "delete", id: secret }, other.cookie)).status).toBe(404);
      expect(await requestRow(secret)).toMatchObject({ prayingCount: 0, reportCount: 0, answeredAt: null });
      // The author sees it in "My requests".
      const mine = await wall(author.cookie);
      expect(mine.mine.map((r) => r.id)).toEqual(expect.arrayContaining([secret, open]));
      expect(mine.requests.map((r) => r.id)).not.toContain(secret);
    });

    test("members-only requests are hidden from guests; pending, hidden and expired ones are not on the wall", async () => {
      const author = await createMember("Mia Members");
      const members = await share(author, { visibility: "members" });
      const pending = await share(author);
      const hidden = await share(author);
      const expired = await share(author);
      await db().update(prayerRequests).set({ status: "pending" }).where(eq(prayerRequests.id, pending));
      await db().update(prayerRequests).set({ status: "hidden" }).where(eq(prayerRequests.id, hidden));
      await db()
        .update(prayerRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(prayerRequests.id, expired));
      expect((await wall()).requests).toEqual([]);
      expect((await wall(author.cookie)).requests.map((r) => r.id)).toEqual([members]);
      const guestPray = await post({ intent: "pray", id: members });
      expect(guestPray.status).toBe(401);
      for (const id of [pending, hidden, expired]) expect((await post({ intent: "pray", id }, author.cookie)).status).toBe(404);
    });

    test("the wall is newest first, paginated by 10, filtered by category, with anonymous authors unnamed", async () => {
      const author = await createMember("Paula Pages");
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const id = await share(author, { title: `Request ${i}`, category: i % 2 ? "work" : "grief", anonymous: i === 11 ? "on" : "" });
        await db()
          .update(prayerRequests)
          .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
          .where(eq(prayerRequests.id, id));
        ids.push(id);
        await db().delete((await import("~/db/schema")).rateLimits);
      }
      const first = await wall();
      expect(first.pagination).toEqual({ page: 1, pages: 2, total: 12 });
      expect(first.requests.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Request ${11 - i}`));
      expect(first.requests[0]!.authorName).toBeNull();
      expect(first.requests[1]!.authorName).toBe("Paula Pages");
      const second = await wall(undefined, "?page=2");
      expect(second.requests.map((r) => r.title)).toEqual(["Request 1", "Request 0"]);
      const work = await wall(undefined, "?category=work");
      expect(work.requests).toHaveLength(6);
      expect(work.requests.every((r) => Number(r.title!.split(" ")[1]) % 2 === 1)).toBe(true);
    });
  });

  describe("posting", () => {
    test("auto-approve off: the request waits for review; expiry follows the setting", async () => {
      await db().update(churchSettings).set({ prayerAutoApprove: false, prayerExpiryDays: 7 });
      const author = await createMember("Walter Waiting");
      const result = await post(
        { intent: "post", body: "Guidance for a new job", category: "guidance", visibility: "public" },
        author.cookie,
      );
      expect(result.status).toBe(200);
      expect(result.body.message).toBe("Thank you. Your request is waiting for review.");
      const row = await requestRow(result.body.id!);
      expect(row).toMatchObject({ status: "pending", notifyOnPrayer: false, anonymous: false, authorName: "Walter Waiting" });
      const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(7);
      expect((await wall(author.cookie)).requests).toEqual([]);
      expect((await wall(author.cookie)).mine[0]).toMatchObject({ status: "pending" });
    });

    test("bad input answers 400 with a translated message and writes nothing; guests get 401", async () => {
      const author = await createMember("Berta Bad", "es");
      const cases: Array<[Record<string, string>, string]> = [
        [{ body: "" }, "Escriba su petición."],
        [{ body: "x".repeat(4001) }, "La petición puede tener como máximo 4000 caracteres."],
        [{ title: "t".repeat(121) }, "El título puede tener como máximo 120 caracteres."],
        [{ category: "astrology" }, "Elija una categoría."],
        [{ visibility: "everyone" }, "Elija quién puede verla."],
      ];
      for (const [values, message] of cases) {
        const result = await post(
          { intent: "post", body: "A request", category: "family", visibility: "public", ...values },
          author.cookie,
          "es",
        );
        expect(result.status).toBe(400);
        expect(result.body.message).toBe(message);
      }
      expect((await post({ intent: "nonsense" }, author.cookie, "es")).status).toBe(400);
      expect((await post({ intent: "pray", id: "not-a-uuid" }, author.cookie)).status).toBe(400);
      expect((await post({ intent: "post", body: "Hello", category: "family", visibility: "public" })).status).toBe(401);
      expect(await db().select().from(prayerRequests)).toEqual([]);
    });

    test("posting is rate limited: the sixth request in an hour answers 429", async () => {
      const author = await createMember("Rita Rapid");
      for (let i = 0; i < 5; i++) await share(author);
      const sixth = await post({ intent: "post", body: "One more", category: "other", visibility: "public" }, author.cookie);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(/try again in \d+ minutes/);
      expect(await db().select().from(prayerRequests).where(eq(prayerRequests.userId, author.id))).toHaveLength(5);
    });

    test("script tags and javascript: links come back as the text that was written", async () => {
      const author = await createMember("Xavier Xss");
      const title = "<script>alert(1)</script>";
      const body = '<a href="javascript:alert(2)">click</a> and <img src=x onerror=alert(3)>';
      await share(author, { title, body });
      const [card] = (await wall()).requests;
      expect(card).toMatchObject({ title, body });
    });

    test("markup in the title, text, praise report, staff notes and replies is rendered as text in the wall's, the queue's and the inbox's HTML; no links are made", async () => {
      const author = await createMember("Hector Html");
      const title = "<script>alert(1)</script>";
      const body = '<img src=x onerror=alert(2)> <a href="javascript:alert(3)">click</a> https://example.com';
      const id = await share(author, { title, body });
      expect(
        (await post({ intent: "answer", id, praiseReport: '<iframe src="javascript:alert(4)"></iframe> www.example.org' }, author.cookie))
          .status,
      ).toBe(200);
      const render = (element: ReturnType<typeof createElement>) => {
        const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
        return renderToString(
          createElement(I18nProvider, { language: "en", strings: enStrings, children: createElement(Stub, { initialEntries: ["/"] }) }),
        );
      };
      const wallHtml = render(createElement(PrayerPage as never, { loaderData: await wall(author.cookie), actionData: undefined }));
      await db().update(prayerRequests).set({ status: "pending" }).where(eq(prayerRequests.id, id));
      const queue = await h.call(moderationLoader, { path: "/admin/moderation", cookie: prayerAdmin.cookie });
      const queueHtml = render(createElement(ModerationPage as never, { loaderData: queue.body, actionData: undefined }));
      const staff = { path: "/admin/inbox/prayer", cookie: prayerAdmin.cookie };
      expect(
        (
          await h.call(inboxAction, {
            ...staff,
            form: { intent: "follow-up", id, inboxStatus: "in_progress", staffNotes: "<script>alert(5)</script>" },
          })
        ).status,
      ).toBe(303);
      expect(
        (await h.call(inboxAction, { ...staff, form: { intent: "reply", id, reply: "<img src=y onerror=alert(6)> https://example.net" } }))
          .status,
      ).toBe(303);
      const inboxHtml = render(
        createElement(InboxPage as never, { loaderData: (await h.call(inboxLoader, staff)).body, actionData: undefined }),
      );
      expect(inboxHtml).toContain("&lt;script&gt;alert(5)&lt;/script&gt;");
      expect(inboxHtml).toContain("&lt;img src=y onerror=alert(6)&gt;");
      expect(inboxHtml).not.toMatch(/<script>alert\(5|<img src=y|href="https:\/\/example\.net/);
      for (const html of [wallHtml, queueHtml, inboxHtml]) {
        expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(html).toContain("&lt;img src=x onerror=alert(2)&gt;");
        expect(html).toContain("&lt;iframe src=&quot;javascript:alert(4)&quot;&gt;");
        expect(html).not.toMatch(
          /<script>alert|<img src=x|<iframe|href="javascript:|href="https:\/\/example\.com|href="[^"]*www\.example\.org/,
        );
      }
    });
  });

  describe("praying", () => {
    test("ten parallel clicks by one member count once; the author is emailed once, in their language", async () => {
      const author = await createMember("Sofía Autora", "es");
      const friend = await createMember("Fred Friend");
      const id = await share(author, { title: "Mi madre" });
      const results = await Promise.all(Array.from({ length: 10 }, () => post({ intent: "pray", id }, friend.cookie)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.map((r) => r.body.prayingCount)).toEqual(Array(10).fill(1));
      expect(await db().select().from(prayerIntercessions).where(eq(prayerIntercessions.requestId, id))).toHaveLength(1);
      expect((await requestRow(id))!.prayingCount).toBe(1);
      const mails = await mailsTo(author.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Alguien está orando por su petición");
      expect(mails[0]!.text).toContain("«Mi madre»");
      const card = (await wall(friend.cookie)).requests.find((r) => r.id === id);
      expect(card).toMatchObject({ prayingCount: 1, iPrayed: true });
      // A second member within the hour: counted, but no second email.
      const another = await createMember("Gina Second");
      expect((await post({ intent: "pray", id }, another.cookie)).body.prayingCount).toBe(2);
      expect(await mailsTo(author.email)).toHaveLength(1);
    });

    test("no email when the author opted out", async () => {
      const author = await createMember("Quiet Author");
      const friend = await createMember("Pat Prayer");
      const id = await share(author, { notify: "" });
      expect((await post({ intent: "pray", id }, friend.cookie)).body.prayingCount).toBe(1);
      expect(await mailsTo(author.email)).toEqual([]);
    });

    test("the author marks a request answered with a praise report, and deletes another", async () => {
      const author = await createMember("Hannah Happy");
      const id = await share(author);
      const gone = await share(author);
      const answered = await post({ intent: "answer", id, praiseReport: "She is home and well!" }, author.cookie);
      expect(answered).toMatchObject({ status: 200, body: { message: "Marked as answered. Praise God!" } });
      expect((await post({ intent: "answer", id, praiseReport: "p".repeat(2001) }, author.cookie)).status).toBe(400);
      expect((await post({ intent: "delete", id: gone }, author.cookie)).status).toBe(200);
      const data = await wall();
      expect(data.requests.map((r) => r.id)).toEqual([id]);
      expect(data.requests[0]).toMatchObject({ answered: true, praiseReport: "She is home and well!" });
      expect(await requestRow(gone)).toBeUndefined();
    });
  });

  describe("live counts", () => {
    test("GET /prayer/events sends new counts: public ones to everyone, members-only ones to members only", async () => {
      const pubsub = createMemoryPubSub();
      setPubSub(pubsub);
      try {
        const author = await createMember("Live Author");
        const friend = await createMember("Live Friend");
        const open = await share(author);
        const members = await share(author, { visibility: "members" });
        const connect = async (cookie?: string) => {
          const abort = new AbortController();
          const headers = new Headers(cookie ? { cookie } : {});
          const response = await streamPrayingCounts({
            request: new Request(`${PUBLIC_URL}/prayer/events`, { headers, signal: abort.signal }),
            pubsub,
          });
          expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
          const reader = response.body!.getReader();
          let text = "";
          return {
            async until(pattern: string) {
              while (!text.includes(pattern)) {
                const chunk = await reader.read();
                if (chunk.done) break;
                text += new TextDecoder().decode(chunk.value);
              }
              return text;
            },
            close: () => abort.abort(),
          };
        };
        const guest = await connect();
        const member = await connect(friend.cookie);
        await post({ intent: "pray", id: members }, friend.cookie);
        await post({ intent: "pray", id: open }, friend.cookie);
        const memberText = await member.until(open);
        expect(memberText).toContain(`data: {"id":"${members}","count":1}`);
        const guestText = await guest.until(open);
        expect(guestText).toContain(`data: {"id":"${open}","count":1}`);
        expect(guestText).not.toContain(members);
        guest.close();
        member.close();
      } finally {
        setPubSub(undefined);
        await pubsub.close();
      }
    });
  });

  describe("reports and moderation", () => {
    test("three reports hide a request until a moderator approves it; a report counts once per member", async () => {
      const author = await createMember("Carl Contested");
      const id = await share(author);
      const reporters = await Promise.all(["R1", "R2", "R3"].map((n) => createMember(`Reporter ${n}`)));
      await post({ intent: "report", id }, reporters[0]!.cookie);
      await post({ intent: "report", id }, reporters[0]!.cookie);
      await post({ intent: "report", id }, reporters[1]!.cookie);
      expect(await requestRow(id)).toMatchObject({ reportCount: 2, status: "approved" });
      await post({ intent: "report", id }, reporters[2]!.cookie);
      expect(await requestRow(id)).toMatchObject({ reportCount: 3, status: "hidden" });
      expect((await wall()).requests).toEqual([]);

      const moderator = await h.createModerator();
      const queue = await h.call(moderationLoader, { path: "/admin/moderation", cookie: moderator.cookie });
      expect(queue.status).toBe(200);
      expect((queue.body as { items: AdminItem[] }).items.map((i) => i.id)).toEqual([id]);
      const approve = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "approve", id },
      });
      expect(approve.status).toBe(303);
      expect(await requestRow(id)).toMatchObject({ reportCount: 0, status: "approved" });
      expect((await wall()).requests.map((r) => r.id)).toEqual([id]);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "prayer.approve"), eq(auditLog.entityId, id)));
      expect(entry).toMatchObject({
        actorUserId: moderator.userId,
        before: { status: "hidden", reportCount: 3 },
        after: { status: "approved", reportCount: 0 },
      });
      // The moderation queue offers no inbox operations.
      const reply = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "reply", id, reply: "Hi" },
      });
      expect(reply.status).toBe(400);
    });

    test("pending requests wait in the queue; hide and delete work and are audit-logged", async () => {
      await db().update(churchSettings).set({ prayerAutoApprove: false });
      const author = await createMember("Queue Author");
      const a = await share(author);
      const b = await share(author);
      const queue = await h.call(moderationLoader, { path: "/admin/moderation", cookie: prayerAdmin.cookie });
      expect((queue.body as { items: AdminItem[] }).items.map((i) => i.id)).toEqual([a, b]);
      await h.call(moderationAction, { path: "/admin/moderation", cookie: prayerAdmin.cookie, form: { intent: "hide", id: a } });
      await h.call(moderationAction, { path: "/admin/moderation", cookie: prayerAdmin.cookie, form: { intent: "delete", id: b } });
      expect(await requestRow(a)).toMatchObject({ status: "hidden" });
      expect(await requestRow(b)).toBeUndefined();
      const actions = (await db().select().from(auditLog).where(like(auditLog.action, "prayer.%"))).map((e) => `${e.action}:${e.entityId}`);
      expect(actions).toEqual(expect.arrayContaining([`prayer.hide:${a}`, `prayer.delete:${b}`]));
      expect(
        (await h.call(moderationAction, { path: "/admin/moderation", cookie: prayerAdmin.cookie, form: { intent: "approve", id: b } }))
          .status,
      ).toBe(404);
    });

    test("private requests stay out of the moderation queue and its actions; a moderator edits a wall request's text", async () => {
      await db().update(churchSettings).set({ prayerAutoApprove: false });
      const author = await createMember("Priscilla Private");
      const secret = await share(author, { visibility: "private", title: "Only for the pastors" });
      const open = await share(author, { title: "For the wall", visibility: "members" });
      const moderator = await h.createModerator();
      const queue = await h.call(moderationLoader, { path: "/admin/moderation", cookie: moderator.cookie });
      expect((queue.body as { items: AdminItem[] }).items.map((i) => i.id)).toEqual([open]);
      expect(JSON.stringify(queue.body)).not.toContain("Only for the pastors");
      for (const form of [
        { intent: "approve" },
        { intent: "hide" },
        { intent: "delete" },
        { intent: "edit", title: "Changed", body: "Changed" },
      ] as Array<Record<string, string>>) {
        const refused = await h.call(moderationAction, {
          path: "/admin/moderation",
          cookie: moderator.cookie,
          form: { ...form, id: secret },
        });
        expect(refused.status).toBe(404);
      }
      expect(await requestRow(secret)).toMatchObject({
        status: "pending",
        title: "Only for the pastors",
        body: "Please pray for my mother.",
      });
      expect(await db().select().from(auditLog).where(eq(auditLog.entityId, secret))).toEqual([]);

      const edit = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "edit", id: open, title: "For the wall", body: "Please pray for my mother (surname removed)." },
      });
      expect(edit.status).toBe(303);
      expect(await requestRow(open)).toMatchObject({ status: "pending", body: "Please pray for my mother (surname removed)." });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "prayer.edit"), eq(auditLog.entityId, open)));
      expect(entry).toMatchObject({ actorUserId: moderator.userId, after: { body: "Please pray for my mother (surname removed)." } });
      const empty = await h.call(moderationAction, {
        path: "/admin/moderation",
        cookie: moderator.cookie,
        form: { intent: "edit", id: open, body: " " },
        language: "es",
      });
      expect(empty).toMatchObject({ status: 400, body: { message: "Escriba su petición.", field: "body" } });
      // The pastoral team's inbox still has the private request.
      const inbox = await h.call(inboxLoader, { path: "/admin/inbox/prayer", cookie: prayerAdmin.cookie });
      expect((inbox.body as { items: AdminItem[] }).items.map((i) => i.id)).toContain(secret);
    });
  });

  describe("the prayer inbox", () => {
    test("lists private requests with the real author; follow-up, edit and reply by email in the author's language, all audit-logged", async () => {
      const author = await createMember("Lucía Privada", "es");
      const id = await share(author, { visibility: "private", anonymous: "on", title: "Algo privado" });
      const list = await h.call(inboxLoader, { path: "/admin/inbox/prayer?inbox=new", cookie: prayerAdmin.cookie });
      expect(list.status).toBe(200);
      const item = (list.body as { items: AdminItem[] }).items.find((i) => i.id === id);
      expect(item).toMatchObject({ authorName: "Lucía Privada", authorEmail: author.email, inboxStatus: "new" });

      const followUp = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "follow-up", id, inboxStatus: "in_progress", assigneeUserId: prayerAdmin.userId, staffNotes: "Call on Tuesday" },
      });
      expect(followUp.status).toBe(303);
      expect(await requestRow(id)).toMatchObject({
        inboxStatus: "in_progress",
        assigneeUserId: prayerAdmin.userId,
        staffNotes: "Call on Tuesday",
      });
      const outsider = await createMember("Not Admin");
      const badAssignee = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "follow-up", id, inboxStatus: "closed", assigneeUserId: outsider.id },
      });
      expect(badAssignee.status).toBe(400);
      expect((await requestRow(id))!.inboxStatus).toBe("in_progress");

      const edit = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "edit", id, title: "Algo", body: "Texto corregido" },
      });
      expect(edit.status).toBe(303);
      expect(await requestRow(id)).toMatchObject({ title: "Algo", body: "Texto corregido" });
      const emptyEdit = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "edit", id, body: "" },
        language: "es",
      });
      expect(emptyEdit).toMatchObject({ status: 400, body: { message: "Escriba su petición." } });

      const reply = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "reply", id, reply: "Estamos orando por usted." },
      });
      expect(reply.status).toBe(303);
      const [stored] = await db().select().from(inboxReplies).where(eq(inboxReplies.prayerRequestId, id));
      expect(stored).toMatchObject({ authorName: "Pastor Ruth", body: "Estamos orando por usted.", authorUserId: prayerAdmin.userId });
      expect(stored!.outboxMessageId).not.toBeNull();
      const mails = await mailsTo(author.email);
      expect(mails.map((m) => m.subject)).toEqual(["Una respuesta a su petición de oración"]);
      expect(mails[0]!.text).toContain("Estamos orando por usted.");
      const mail = await h.waitForMail(author.email, 2);
      expect(mail).toContain("Estamos orando por usted.");
      const emptyReply = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "reply", id, reply: "  " },
      });
      expect(emptyReply.status).toBe(400);
      expect(await db().select().from(inboxReplies).where(eq(inboxReplies.prayerRequestId, id))).toHaveLength(1);

      const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action);
      expect(actions.sort()).toEqual(["prayer.edit", "prayer.follow-up", "prayer.reply"]);
      // The detail shows the reply.
      const again = await h.call(inboxLoader, {
        path: "/admin/inbox/prayer?status=approved&inbox=in_progress",
        cookie: prayerAdmin.cookie,
      });
      expect((again.body as { items: AdminItem[] }).items.find((i) => i.id === id)!.replies.map((r) => r.body)).toEqual([
        "Estamos orando por usted.",
      ]);
      const closed = await h.call(inboxLoader, { path: "/admin/inbox/prayer?inbox=closed", cookie: prayerAdmin.cookie });
      expect((closed.body as { items: AdminItem[] }).items).toEqual([]);
    });

    test("the wall settings: auto-approve and expiry days 1–365, audit-logged", async () => {
      const save = await h.call(inboxAction, {
        path: "/admin/inbox/prayer",
        cookie: prayerAdmin.cookie,
        form: { intent: "settings", expiryDays: "14" },
      });
      expect(save.status).toBe(303);
      expect((await db().select().from(churchSettings))[0]).toMatchObject({ prayerAutoApprove: false, prayerExpiryDays: 14 });
      for (const expiryDays of ["0", "366", "abc"]) {
        const bad = await h.call(inboxAction, {
          path: "/admin/inbox/prayer",
          cookie: prayerAdmin.cookie,
          form: { intent: "settings", autoApprove: "on", expiryDays },
        });
        expect(bad).toMatchObject({ status: 400, body: { message: "Enter a number of days from 1 to 365." } });
      }
      expect((await db().select().from(churchSettings))[0]).toMatchObject({ prayerAutoApprove: false, prayerExpiryDays: 14 });
      const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "prayer.settings"));
      expect(entry).toMatchObject({
        before: { prayerAutoApprove: true, prayerExpiryDays: 30 },
        after: { prayerAutoApprove: false, prayerExpiryDays: 14 },
      });
    });

    test("admins without the scope get 403 on the inbox and the moderation queue, loaders and actions", async () => {
      const other = await h.createAdmin({ scopes: ["events"] });
      const author = await createMember("Scope Author");
      const id = await share(author);
      expect((await h.call(inboxLoader, { path: "/admin/inbox/prayer", cookie: other.cookie })).status).toBe(403);
      expect((await h.call(inboxAction, { path: "/admin/inbox/prayer", cookie: other.cookie, form: { intent: "hide", id } })).status).toBe(
        403,
      );
      expect((await h.call(moderationLoader, { path: "/admin/moderation", cookie: other.cookie })).status).toBe(403);
      expect(
        (await h.call(moderationAction, { path: "/admin/moderation", cookie: other.cookie, form: { intent: "hide", id } })).status,
      ).toBe(403);
      const moderator = await h.createModerator();
      expect((await h.call(inboxLoader, { path: "/admin/inbox/prayer", cookie: moderator.cookie })).status).toBe(403);
      expect((await requestRow(id))!.status).toBe("approved");
      expect((await h.call(inboxLoader, { path: "/admin/inbox/prayer" })).status).toBe(302);
    });
  });
});
