// Watch live (issue 6): the chat's rules in process (on the default test backend): posting,
// validation, rate limits, moderation (delete, mute, unmute), the event stream's history and
// live events, and the admin section's stream controls with their audit entries.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { appMeta, auditLog, liveChatMessages, liveStreams, userRoles, users } from "~/db/schema";
import { getHomePage } from "~/features/content/get-home-page.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import type { ChatActionData } from "~/features/live/run-chat-action.server";
import { runChatAction } from "~/features/live/run-chat-action.server";
import { runLiveAdminAction } from "~/features/live/run-live-admin-action.server";
import { streamChatEvents } from "~/features/live/stream-chat-events.server";
import { loader as watchLoader } from "~/routes/watch/watch";
import en from "~/i18n/locales/en/watch";
import es from "~/i18n/locales/es/watch";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { createMemoryPubSub, setPubSub, type PubSub } from "~/server/pubsub.server";
import { resetRateLimit } from "~/server/rate-limit.server";
import { cookieJar, PUBLIC_URL, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

interface Member {
  id: string;
  name: string;
  cookie: string;
}

/** Reads a server-sent event stream into a list; `waitFor` polls it. */
function readEvents(response: Response) {
  const events: { event: string; data: string }[] = [];
  const comments: string[] = [];
  let ended = false;
  let buffer = "";
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) {
        ended = true;
        return;
      }
      buffer += chunk.value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) comments.push(line);
          else if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (data) events.push({ event, data });
      }
    }
  })();
  return {
    events,
    comments,
    ended: () => ended,
    async waitFor(match: (e: { event: string; data: Record<string, unknown> }) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.map((e) => ({ event: e.event, data: JSON.parse(e.data) as Record<string, unknown> })).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

describeOnBackend("live chat", (backend) => {
  let harness: AuthHarness;
  let db: AppDatabase;
  let pubsub: PubSub;
  let alice: Member;
  let bob: Member;
  let mod: Member;
  let streamId: string;
  const admin = (): AdminContext =>
    ({
      db,
      language: "en",
      ip: "198.51.100.9",
      admin: { userId: mod.id, name: mod.name, email: "", scopes: ["live"] },
      session: {},
    }) as unknown as AdminContext;

  async function member(name: string, role?: "moderator" | "admin"): Promise<Member> {
    const email = `chat-${randomBytes(4).toString("hex")}@example.test`;
    const password = "grace-and-peace-7";
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (role) await db.insert(userRoles).values({ userId: user!.id, role });
    return { id: user!.id, name, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
  }

  async function chat(
    fields: Record<string, string> | { raw: string; type: string },
    options: { cookie?: string; language?: "en" | "es" } = {},
  ) {
    const headers = new Headers({ [CLIENT_IP_HEADER]: "198.51.100.7" });
    if (options.cookie) headers.set("cookie", options.cookie);
    if (options.language) headers.set("accept-language", options.language);
    let body: string;
    if ("raw" in fields) {
      body = fields.raw as string;
      headers.set("content-type", fields.type as string);
    } else {
      body = new URLSearchParams(fields as Record<string, string>).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
    const outcome = await runChatAction({ request: new Request(`${PUBLIC_URL}/watch/chat`, { method: "POST", headers, body }) });
    return { status: outcome.status, data: outcome.data as ChatActionData & { error?: string } };
  }

  function events(id: string, signal: AbortSignal) {
    return streamChatEvents({ request: new Request(`${PUBLIC_URL}/watch/chat/events?stream=${id}`, { signal }), db, pubsub });
  }

  beforeAll(async () => {
    harness = await startAuthHarness(backend);
    db = harness.database.handle.db;
    pubsub = createMemoryPubSub();
    setPubSub(pubsub);
    [alice, bob, mod] = [await member("Alice Viewer"), await member("Bob Viewer"), await member("Marta Moderator", "moderator")];
  });
  afterAll(async () => {
    setPubSub(undefined);
    await pubsub?.close();
    await harness?.close();
  });

  test("no current stream: the page is in its coming-soon state and posting is refused (409)", async () => {
    const answer = await chat({ intent: "post", body: "Hello" }, { cookie: alice.cookie });
    expect(answer).toEqual({ status: 409, data: { ok: false, error: en.errors.noStream } });
    const page = (await watchLoader({ request: new Request(`${PUBLIC_URL}/watch`), params: {}, context: {} } as never)) as unknown as {
      data: { stream: unknown; latestSermon: unknown; nextService: { startsAt: string } | null };
    };
    expect(page.data.stream).toBeNull();
    expect(page.data.nextService?.startsAt).toMatch(/^\d{4}-/);
    expect((await getHomePage({ db, language: "en" })).liveNow).toBe(false);
  });

  test("the admin starts a stream (audit-logged); a second one while it runs is a 409 with a message", async () => {
    const bad = await runLiveAdminAction(
      admin(),
      form("/admin/live", { intent: "start", titleEn: "", source: "https://example.org/not-a-stream" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ titleEn: "admin.messages.titleRequired", source: "admin.messages.invalidSource" });
    const contentVersion = async () => (await db.select().from(appMeta).where(eq(appMeta.key, "content_version")))[0]?.value ?? null;
    const versionBefore = await contentVersion();
    const started = await runLiveAdminAction(
      admin(),
      form("/admin/live", {
        intent: "start",
        titleEn: "Sunday Worship",
        titleEs: "Culto dominical",
        source: "https://www.youtube.com/live/dQw4w9WgXcQ?si=x",
        chatEnabled: "on",
      }),
    );
    expect(started).toEqual({ status: 200, data: { ok: true, message: { key: "admin.messages.started", values: undefined } } });
    const [stream] = await db.select().from(liveStreams);
    expect(stream).toMatchObject({ provider: "youtube", youtubeVideoId: "dQw4w9WgXcQ", hlsUrl: null, chatEnabled: true, endedAt: null });
    streamId = stream!.id;
    // The home page's live section now says "Live now"; public pages are marked changed.
    expect((await getHomePage({ db, language: "en" })).liveNow).toBe(true);
    expect(await contentVersion()).not.toBe(versionBefore);
    const again = await runLiveAdminAction(
      admin(),
      form("/admin/live", { intent: "start", titleEn: "Another", source: "https://cdn.example.org/a.m3u8" }),
    );
    expect(again.status).toBe(409);
    expect(again.data.message.key).toBe("admin.messages.alreadyLive");
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "live_stream.start"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: mod.id, entityId: streamId });
  });

  test("a member posts; a viewer's event stream has the history first, then the message; it is text as typed", async () => {
    const first = await chat({ intent: "post", streamId, body: "  Good morning, church!  " }, { cookie: alice.cookie });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ ok: true, message: { authorName: "Alice Viewer", body: "Good morning, church!" } });

    const abort = new AbortController();
    const response = await events(streamId, abort.signal);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    const stream = readEvents(response);
    const history = await stream.waitFor((e) => e.event === "history");
    expect((history.data.messages as { body: string }[]).map((m) => m.body)).toEqual(["Good morning, church!"]);

    const html = "<b>bold</b> & <script>alert(1)</script>";
    const second = await chat({ intent: "post", streamId, body: html }, { cookie: bob.cookie });
    expect(second.status).toBe(201);
    const live = await stream.waitFor((e) => e.event === "message");
    expect(live.data).toMatchObject({ type: "message", message: { authorName: "Bob Viewer", body: html } });
    abort.abort();
    await expect.poll(() => stream.ended()).toBe(true);
  });

  test("the event stream sends a heartbeat comment and unsubscribes when the client goes", async () => {
    let subscribed = 0;
    const counting: PubSub = {
      ...pubsub,
      subscribe(channel, listener) {
        subscribed += 1;
        const off = pubsub.subscribe(channel, listener);
        return () => {
          subscribed -= 1;
          off();
        };
      },
    };
    const abort = new AbortController();
    const response = await streamChatEvents({
      request: new Request(`${PUBLIC_URL}/watch/chat/events?stream=${streamId}`, { signal: abort.signal }),
      db,
      pubsub: counting,
      heartbeatMs: 50,
    });
    const stream = readEvents(response);
    await expect.poll(() => stream.comments.includes(": heartbeat")).toBe(true);
    expect(subscribed).toBe(1);
    abort.abort();
    await expect.poll(() => subscribed).toBe(0);
  });

  test("the event stream refuses a missing or unknown stream id", async () => {
    const signal = new AbortController().signal;
    expect((await streamChatEvents({ request: new Request(`${PUBLIC_URL}/watch/chat/events`, { signal }), db, pubsub })).status).toBe(400);
    expect((await streamChatEvents({ request: new Request(`${PUBLIC_URL}/watch/chat/events?stream=not-a-uuid`), db, pubsub })).status).toBe(
      400,
    );
    expect((await events("00000000-0000-4000-8000-000000000000", signal)).status).toBe(404);
  });

  test("signed out: 401 with a message", async () => {
    expect(await chat({ intent: "post", streamId, body: "Hi" })).toEqual({
      status: 401,
      data: { ok: false, error: en.errors.signInRequired },
    });
    expect(await chat({ intent: "delete", messageId: streamId })).toMatchObject({ status: 401 });
  });

  test("bad input is a 400 with a translated message, never a 5xx", async () => {
    const cases: [Record<string, string> | { raw: string; type: string }, string][] = [
      [{ intent: "post", streamId, body: "   " }, en.errors.empty],
      [{ intent: "post", streamId, body: "x".repeat(501) }, en.errors.tooLong],
      [{ intent: "shout", streamId, body: "Hi" }, en.errors.invalidRequest],
      [{ intent: "post", streamId: "nope", body: "Hi" }, en.errors.invalidRequest],
      [{ intent: "post", streamId }, en.errors.invalidRequest],
      [{ intent: "delete", messageId: "123" }, en.errors.invalidRequest],
      [{ intent: "mute", messageId: streamId, duration: "forever" }, en.errors.invalidRequest],
      [{ raw: "{not json", type: "application/json" }, en.errors.invalidRequest],
      [{ raw: "[1,2]", type: "application/json" }, en.errors.invalidRequest],
      [{ raw: "intent=post&body=a%00b", type: "application/x-www-form-urlencoded" }, en.errors.invalidRequest],
    ];
    for (const [fields, error] of cases) {
      expect(await chat(fields, { cookie: alice.cookie }), JSON.stringify(fields)).toEqual({ status: 400, data: { ok: false, error } });
    }
    expect(await chat({ intent: "post", streamId, body: "" }, { cookie: alice.cookie, language: "es" })).toEqual({
      status: 400,
      data: { ok: false, error: es.errors.empty },
    });
    // Exactly 500 characters is allowed.
    expect((await chat({ intent: "post", streamId, body: "y".repeat(500) }, { cookie: alice.cookie })).status).toBe(201);
    await resetRateLimit(db, `live-chat:burst:${alice.id}`);
  });

  test("rate limit: the sixth message in 10 s is a 429 with a message", async () => {
    const carol = await member("Carol Fast");
    for (let i = 1; i <= 5; i += 1)
      expect((await chat({ intent: "post", streamId, body: `Message ${i}` }, { cookie: carol.cookie })).status).toBe(201);
    const refused = await chat({ intent: "post", streamId, body: "One too many" }, { cookie: carol.cookie });
    expect(refused.status).toBe(429);
    expect(refused.data.error).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds and try again\.$/);
    const stored = await db.select().from(liveChatMessages).where(eq(liveChatMessages.userId, carol.id));
    expect(stored).toHaveLength(5);
  });

  test("a member who is not a moderator cannot delete or mute (403)", async () => {
    const [message] = await db.select().from(liveChatMessages).where(eq(liveChatMessages.userId, alice.id)).limit(1);
    expect(await chat({ intent: "delete", messageId: message!.id }, { cookie: bob.cookie })).toEqual({
      status: 403,
      data: { ok: false, error: en.errors.forbidden },
    });
    expect((await chat({ intent: "mute", messageId: message!.id, duration: "1h" }, { cookie: bob.cookie })).status).toBe(403);
    expect((await chat({ intent: "unmute", userId: alice.id }, { cookie: bob.cookie })).status).toBe(403);
    const [still] = await db.select().from(liveChatMessages).where(eq(liveChatMessages.id, message!.id));
    expect(still!.deletedAt).toBeNull();
  });

  test("a moderator deletes a message: viewers get the delete event, the history no longer has it, the audit log does", async () => {
    const posted = await chat({ intent: "post", streamId, body: "Please delete me" }, { cookie: bob.cookie });
    const id = (posted.data as { message: { id: string } }).message.id;
    const abort = new AbortController();
    const viewer = readEvents(await events(streamId, abort.signal));
    await viewer.waitFor((e) => e.event === "history");
    expect(await chat({ intent: "delete", messageId: id }, { cookie: mod.cookie })).toEqual({
      status: 200,
      data: { ok: true, notice: en.chat.deleted },
    });
    expect((await viewer.waitFor((e) => e.event === "delete")).data).toEqual({ type: "delete", id });
    abort.abort();

    const again = new AbortController();
    const fresh = readEvents(await events(streamId, again.signal));
    const history = await fresh.waitFor((e) => e.event === "history");
    expect((history.data.messages as { id: string }[]).map((m) => m.id)).not.toContain(id);
    again.abort();
    const [row] = await db.select().from(liveChatMessages).where(eq(liveChatMessages.id, id));
    expect(row).toMatchObject({ deletedBy: mod.id, body: "Please delete me" });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "live_chat.message.delete"), eq(auditLog.entityId, id))),
    ).toHaveLength(1);
    // Deleting it twice: 404 with a message.
    expect(await chat({ intent: "delete", messageId: id }, { cookie: mod.cookie })).toEqual({
      status: 404,
      data: { ok: false, error: en.errors.notFound },
    });
  });

  test("a muted member is refused with a clear message until unmuted; a moderator cannot mute themselves", async () => {
    const dave = await member("Dave Loud");
    const posted = await chat({ intent: "post", streamId, body: "Loud message" }, { cookie: dave.cookie });
    const id = (posted.data as { message: { id: string } }).message.id;
    expect(await chat({ intent: "mute", messageId: id, duration: "15m" }, { cookie: mod.cookie })).toEqual({
      status: 200,
      data: { ok: true, notice: "Dave Loud is muted." },
    });
    const refused = await chat({ intent: "post", streamId, body: "Am I muted?" }, { cookie: dave.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toMatch(/^A moderator has muted you in the chat until .+\.$/);
    const spanish = await chat({ intent: "post", streamId, body: "¿Silenciado?" }, { cookie: dave.cookie, language: "es" });
    expect(spanish.data.error).toMatch(/^Un moderador lo ha silenciado en el chat hasta /);

    expect((await chat({ intent: "mute", messageId: id, duration: "until-unmuted" }, { cookie: mod.cookie })).status).toBe(200);
    expect((await chat({ intent: "post", streamId, body: "Still?" }, { cookie: dave.cookie })).data).toEqual({
      ok: false,
      error: en.errors.mutedIndefinitely,
    });

    expect(await chat({ intent: "unmute", userId: dave.id }, { cookie: mod.cookie })).toEqual({ status: 200, data: { ok: true } });
    expect((await chat({ intent: "post", streamId, body: "Thank you" }, { cookie: dave.cookie })).status).toBe(201);
    expect(await chat({ intent: "unmute", userId: dave.id }, { cookie: mod.cookie })).toMatchObject({ status: 404 });

    const own = await chat({ intent: "post", streamId, body: "Moderator here" }, { cookie: mod.cookie });
    const ownId = (own.data as { message: { id: string } }).message.id;
    expect(await chat({ intent: "mute", messageId: ownId, duration: "1h" }, { cookie: mod.cookie })).toEqual({
      status: 400,
      data: { ok: false, error: en.errors.muteSelf },
    });
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, dave.id)))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(["live_chat.member.mute", "live_chat.member.mute", "live_chat.member.unmute"]);
  });

  test("the admin page moderates too: delete, mute and unmute by message", async () => {
    const posted = await chat({ intent: "post", streamId, body: "From the admin's view" }, { cookie: bob.cookie });
    const id = (posted.data as { message: { id: string } }).message.id;
    expect(
      (await runLiveAdminAction(admin(), form("/admin/live", { intent: "mute", messageId: id, duration: "24h" }))).data.message,
    ).toEqual({ key: "admin.messages.muted", values: { name: "Bob Viewer" } });
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "delete", messageId: id }))).data.ok).toBe(true);
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "unmute", userId: bob.id }))).data.message.key).toBe(
      "admin.messages.unmuted",
    );
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "delete", messageId: "nope" }))).status).toBe(400);
  });

  test("chat off: posts are refused and viewers are told; on again, and the end keeps the history", async () => {
    const abort = new AbortController();
    const viewer = readEvents(await events(streamId, abort.signal));
    await viewer.waitFor((e) => e.event === "history");
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "chat-off", streamId }))).data.message.key).toBe(
      "admin.messages.chatOff",
    );
    await viewer.waitFor((e) => e.event === "status" && e.data.chatEnabled === false);
    expect(await chat({ intent: "post", streamId, body: "Hello?" }, { cookie: bob.cookie })).toEqual({
      status: 403,
      data: { ok: false, error: en.errors.chatOff },
    });
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "chat-on", streamId }))).status).toBe(200);
    await viewer.waitFor((e) => e.event === "status" && e.data.chatEnabled === true);

    // Ending needs the confirmation field.
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "end", streamId }))).status).toBe(400);
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "end", streamId, confirm: "yes" }))).data.message.key).toBe(
      "admin.messages.ended",
    );
    await viewer.waitFor((e) => e.event === "status" && e.data.ended === true);
    abort.abort();
    expect((await getHomePage({ db, language: "en" })).liveNow).toBe(false);
    expect((await chat({ intent: "post", streamId, body: "Too late" }, { cookie: bob.cookie })).status).toBe(409);
    expect((await runLiveAdminAction(admin(), form("/admin/live", { intent: "chat-on", streamId }))).status).toBe(404);
    const kept = await db.select().from(liveChatMessages).where(eq(liveChatMessages.streamId, streamId));
    expect(kept.length).toBeGreaterThan(5);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, streamId)))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(["live_stream.chat", "live_stream.chat", "live_stream.end", "live_stream.start"]);

    // A new stream can start now; HLS this time.
    const next = await runLiveAdminAction(
      admin(),
      form("/admin/live", { intent: "start", titleEn: "Evening", source: "https://cdn.example.org/live/evening.m3u8" }),
    );
    expect(next.status).toBe(200);
    const [current] = await db.select().from(liveStreams).where(eq(liveStreams.hlsUrl, "https://cdn.example.org/live/evening.m3u8"));
    expect(current).toMatchObject({ provider: "hls", chatEnabled: false });
  });
});

function form(path: string, fields: Record<string, string>): Request {
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}
