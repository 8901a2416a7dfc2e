// Watch live (issue 6): the chat reaches viewers on another server instance. Two production
// servers (`node server.js`) share one real PostgreSQL; a member posts on A and a viewer of B
// gets it within a second — through PostgreSQL LISTEN/NOTIFY, and through Redis pub/sub when
// TEST_REDIS_URL is set. Also the pub/sub transports themselves, including PostgreSQL's
// listener coming back after its connection is killed.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { userRoles, users } from "~/db/schema";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { startLiveStream } from "~/features/live/start-live-stream.server";
import { authCallContext, createAuth, getAuth, setAuth } from "~/server/auth.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/server/db.server";
import { createMemoryPubSub, createPostgresPubSub, createRedisPubSub, PayloadTooLargeError, type PubSub } from "~/server/pubsub.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { cookieJar } from "../support/auth-harness";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const AUTH_SECRET = "fan-out-test-secret-0123456789abcdef-xyz";

function waitFor<T>(get: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = get();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error(`${what}: not within ${timeoutMs} ms`));
      setTimeout(tick, 5);
    };
    tick();
  });
}

/** GET the event stream over HTTP and collect its events. */
async function openEvents(baseURL: string, streamId: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseURL}/watch/chat/events?stream=${streamId}`, {
    signal: abort.signal,
    headers: { "accept-encoding": "gzip, br" },
  });
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let buffer = "";
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += chunk.value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = block.match(/^event: (.*)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  })();
  return { response, events, close: () => abort.abort() };
}

/** Two app servers on one throwaway PostgreSQL database (and optionally Redis). */
function twoInstances(env: Record<string, string>) {
  const state = {} as {
    database: ThrowawayDatabase;
    handle: DatabaseHandle;
    a: AppServer;
    b: AppServer;
    dirs: string[];
    snapshot: ReturnType<typeof snapshotProductionBuild>;
  };

  beforeAll(async () => {
    state.snapshot = snapshotProductionBuild();
    state.database = await createThrowawayDatabase();
    state.dirs = [mkdtempSync(path.join(tmpdir(), "chat-a-")), mkdtempSync(path.join(tmpdir(), "chat-b-"))];
    const serverEnv = { AUTH_SECRET, ...env };
    // One after the other: the first migrates and seeds, the second finds it done.
    state.a = await startAppServer({ cwd: state.snapshot.dir, dataDir: state.dirs[0]!, databaseUrl: state.database.url, env: serverEnv });
    state.b = await startAppServer({ cwd: state.snapshot.dir, dataDir: state.dirs[1]!, databaseUrl: state.database.url, env: serverEnv });
    state.handle = await openDatabase({ databaseUrl: state.database.url });
    setDatabase(state.handle);
    setAuth(
      createAuth({
        db: state.handle.db,
        publicUrl: state.a.baseURL,
        secret: AUTH_SECRET,
        notifier: createAuthNotifier({ db: state.handle.db, publicUrl: state.a.baseURL }),
      }),
    );
  }, 180_000);
  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await Promise.all([state.a?.stop(4000), state.b?.stop(4000)]);
    await state.handle?.close();
    await state.database?.drop();
    for (const dir of state.dirs ?? []) rmSync(dir, { recursive: true, force: true });
    state.snapshot?.remove();
  });
  return state;
}

async function createMember(handle: DatabaseHandle, name: string, role?: "moderator"): Promise<{ id: string; cookie: string }> {
  const db = handle.db;
  const email = `fan-${randomBytes(4).toString("hex")}@example.test`;
  const password = "grace-and-peace-7";
  await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
    getAuth().api.signUpEmail({ body: { name, email, password } }),
  );
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signedIn = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (role) await db.insert(userRoles).values({ userId: user!.id, role });
  return { id: user!.id, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
}

async function post(server: AppServer, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${server.baseURL}/watch/chat`, {
    method: "POST",
    headers: { cookie, origin: server.baseURL, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    data: (await response.json()) as { ok: boolean; message?: { id: string; body: string }; error?: string },
  };
}

function fanOutSuite(transport: "PostgreSQL LISTEN/NOTIFY" | "Redis pub/sub", env: Record<string, string>) {
  const s = twoInstances(env);

  test(`a message posted on instance A reaches a viewer on instance B within 1 s (${transport})`, async () => {
    const { handle, a, b } = s;
    const member = await createMember(handle, "Ana Fan");
    const moderator = await createMember(handle, "Mo Derator", "moderator");
    const started = await startLiveStream({
      db: handle.db,
      actor: { userId: moderator.id, name: "Mo Derator" },
      input: { titleEn: "Fan-out", titleEs: null, source: { provider: "youtube", youtubeVideoId: "dQw4w9WgXcQ" }, chatEnabled: true },
    });
    if (!started.ok) throw new Error("the stream did not start");

    const viewerB = await openEvents(b.baseURL, started.id);
    const viewerA = await openEvents(a.baseURL, started.id);
    try {
      expect(viewerB.response.status).toBe(200);
      expect(viewerB.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      // The compression middleware leaves the stream alone (it would buffer it).
      expect(viewerB.response.headers.get("content-encoding")).toBeNull();
      await waitFor(() => viewerB.events.find((e) => e.event === "history"), 5000, "history on B");
      await waitFor(() => viewerA.events.find((e) => e.event === "history"), 5000, "history on A");

      const body = `Hello from A ${randomBytes(3).toString("hex")}`;
      const sentAt = Date.now();
      const answer = await post(a, member.cookie, { intent: "post", streamId: started.id, body });
      expect(answer.status).toBe(201);
      const arrived = await waitFor(() => viewerB.events.find((e) => e.event === "message"), 1000, "the message on B");
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(arrived.data).toMatchObject({ type: "message", message: { id: answer.data.message!.id, body, authorName: "Ana Fan" } });

      // A moderator on B deletes it; the viewer on A sees it go.
      const deleted = await post(b, moderator.cookie, { intent: "delete", messageId: answer.data.message!.id });
      expect(deleted.status).toBe(200);
      await waitFor(
        () => viewerA.events.find((e) => e.event === "delete" && e.data.id === answer.data.message!.id),
        1000,
        "the delete on A",
      );

      // The rate limit is shared: 5 posts split over both instances, the sixth refused.
      await handle.db.execute(sql`delete from rate_limits where key like ${`live-chat:%:${member.id}`}`);
      for (let i = 0; i < 5; i += 1)
        expect((await post(i % 2 ? a : b, member.cookie, { intent: "post", streamId: started.id, body: `n${i}` })).status).toBe(201);
      const refused = await post(a, member.cookie, { intent: "post", streamId: started.id, body: "too many" });
      expect(refused.status).toBe(429);
      expect(refused.data.error).toMatch(/too quickly/);
      // Signed out: 401.
      expect((await post(b, "", { intent: "post", streamId: started.id, body: "hi" })).status).toBe(401);
    } finally {
      viewerA.close();
      viewerB.close();
    }
  });
}

describe.skipIf(!testDatabaseUrl)("live chat across two server instances: PostgreSQL LISTEN/NOTIFY", () => {
  fanOutSuite("PostgreSQL LISTEN/NOTIFY", {});
});

describe.skipIf(!testDatabaseUrl || !redisUrl)(
  "live chat across two server instances: Redis pub/sub (skipped without TEST_REDIS_URL)",
  () => {
    fanOutSuite("Redis pub/sub", { REDIS_URL: redisUrl ?? "" });
  },
);

/** Two subscribers of one transport: what one publishes, the other gets; unsubscribing stops it. */
async function exchange(publisher: PubSub, subscriber: PubSub) {
  const channel = `test:${randomBytes(4).toString("hex")}`;
  const got: string[] = [];
  const off = subscriber.subscribe(channel, (m) => got.push(m));
  const other: string[] = [];
  const offOther = subscriber.subscribe(`${channel}:other`, (m) => other.push(m));
  // Redis SUBSCRIBE is asynchronous: publish until the subscription is in place.
  await waitFor(() => (got.length > 0 ? true : (void publisher.publish(channel, "ready"), undefined)), 5000, "the subscription");
  got.length = 0;
  await publisher.publish(channel, "héllo");
  await waitFor(() => (got.includes("héllo") ? true : undefined), 2000, "the message");
  expect(other).toEqual([]);
  off();
  offOther();
  await publisher.publish(channel, "after");
  await new Promise((r) => setTimeout(r, 100));
  expect(got).not.toContain("after");
  await expect(publisher.publish(channel, "x".repeat(8000))).rejects.toBeInstanceOf(PayloadTooLargeError);
}

describe("pub/sub transports", () => {
  test("in memory (the embedded database's single instance)", async () => {
    const pubsub = createMemoryPubSub();
    await exchange(pubsub, pubsub);
    await pubsub.close();
  });

  describe.skipIf(!testDatabaseUrl)("PostgreSQL", () => {
    let database: ThrowawayDatabase;
    beforeAll(async () => {
      database = await createThrowawayDatabase();
    });
    afterAll(async () => {
      await database?.drop();
    });

    test("between two instances, and the listener comes back after pg_terminate_backend", async () => {
      const one = await createPostgresPubSub({ connectionString: database.url, reconnectDelayMs: 50 });
      const two = await createPostgresPubSub({ connectionString: database.url, reconnectDelayMs: 50 });
      const admin = await openDatabase({ databaseUrl: database.url });
      try {
        await exchange(one, two);
        const channel = "resubscribe";
        const got: string[] = [];
        two.subscribe(channel, (m) => got.push(m));
        // Kill every LISTENing connection (the database restarting looks the same to the client).
        const killed = (await admin.db.execute(
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        )) as unknown as { rows: unknown[] };
        expect(killed.rows.length).toBe(2);
        await waitFor(() => (two.reconnects() > 0 && one.reconnects() > 0 ? true : undefined), 10_000, "the reconnect");
        await one.publish(channel, "after the restart");
        await waitFor(() => (got.includes("after the restart") ? true : undefined), 2000, "a message after reconnecting");
      } finally {
        await Promise.all([one.close(), two.close(), admin.close()]);
      }
    });
  });

  test("Redis down at start-up: the server goes on after the connect timeout, a publish fails at once, closing doesn't hang", async () => {
    // A port nobody listens on (taken and released).
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const started = Date.now();
    const pubsub = await createRedisPubSub({ url: `redis://127.0.0.1:${port}`, connectTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    const unsubscribe = pubsub.subscribe("nobody-hears", () => {});
    const publishStarted = Date.now();
    await expect(pubsub.publish("nobody-hears", "hello")).rejects.toThrow();
    expect(Date.now() - publishStarted).toBeLessThan(1000);
    unsubscribe();
    await pubsub.close();
  });

  test.skipIf(!redisUrl)(
    "Redis lost while running: publishing fails at once instead of waiting, and messages flow again when it is back",
    async () => {
      // A TCP relay in front of the real Redis stands for the network: closing it cuts Redis off.
      const target = new URL(redisUrl!);
      const sockets = new Set<net.Socket>();
      let accepting = true;
      const relay = net.createServer((client) => {
        if (!accepting) return client.destroy();
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("error", () => {});
          s.on("close", () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const url = `redis://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
      const one = await createRedisPubSub({ url });
      const two = await createRedisPubSub({ url });
      try {
        const got: string[] = [];
        two.subscribe("outage", (m) => got.push(m));
        await one.publish("outage", "before");
        await waitFor(() => (got.includes("before") ? true : undefined), 2000, "a message before the outage");
        accepting = false;
        for (const s of sockets) s.destroy();
        const publishStarted = Date.now();
        await expect(one.publish("outage", "during")).rejects.toThrow();
        expect(Date.now() - publishStarted).toBeLessThan(1000);
        accepting = true;
        // node-redis reconnects and subscribes again by itself.
        const deadline = Date.now() + 10_000;
        for (;;) {
          const sent = await one.publish("outage", "after").then(
            () => true,
            () => false,
          );
          if (sent && got.includes("after")) break;
          if (Date.now() > deadline) throw new Error("no message after Redis came back");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await Promise.all([one.close(), two.close()]);
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => relay.close(resolve));
      }
    },
  );

  test.skipIf(!redisUrl)("Redis (skipped without TEST_REDIS_URL)", async () => {
    const one = await createRedisPubSub({ url: redisUrl! });
    const two = await createRedisPubSub({ url: redisUrl! });
    try {
      await exchange(one, two);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
