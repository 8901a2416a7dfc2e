// Scale-out (reliability issue, point 3; docs/deploy.md, docs/reliability.md §3). Two production
// servers (`node server.js`) on two ports share one throwaway PostgreSQL database and the Redis
// of TEST_REDIS_URL, as two replicas behind a load balancer would, and mail goes to one real
// SMTP server on loopback. Each part alternates between the instances:
// (a) a session made on A is a session on B, and signing out on B ends it on A;
// (b) a per-IP rate limit counts both instances' requests together (N in total, not 2N);
// (c) live chat and "I'm praying" counts posted on one instance reach viewers of the other;
// (d) mail queued while both outbox workers run goes out exactly once;
// (e) an admin change on A shows on B's cached public page within ~2 s.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createClient } from "redis";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outboxMessages, prayerRequests, rateLimits } from "~/db/schema";
import { createAdministrator } from "~/features/admin/create-administrator.server";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { startLiveStream } from "~/features/live/start-live-stream.server";
import enAuth from "~/i18n/locales/en/auth";
import esAuth from "~/i18n/locales/es/auth";
import { createAuth, getAuth, setAuth } from "~/server/auth.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/server/db.server";
import { enqueueEmail } from "~/server/outbox.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { callbackLink, cookieJar, decodeMail } from "../support/auth-harness";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";
import { secretFromOtpauth, unusedTotp } from "../support/totp";

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
const skipReason = !testDatabaseUrl ? "TEST_DATABASE_URL is not set" : !redisUrl ? "TEST_REDIS_URL is not set" : "";
/** Every instance signs with the same secret: that is what makes a cookie valid on all of them. */
const AUTH_SECRET = "scale-out-test-secret-0123456789abcdef-xyz";
const PASSWORD = "scale-out-passphrase-7";
/** Each SMTP answer waits this long, so a batch takes long enough for both workers to join in. */
const SMTP_DELAY_MS = 40;
/** Mails queued at once for the outbox race (d). */
const OUTBOX_MAILS = 40;
const run = randomBytes(3).toString("hex");

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback keeping each message with its envelope sender (which instance sent it). */
async function startSmtp(): Promise<{ url: string; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function waitFor<T>(get: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string, intervalMs = 5): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const value = await get();
        if (value !== undefined) return resolve(value);
      } catch (error) {
        return reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (Date.now() > deadline) return reject(new Error(`${what}: not within ${timeoutMs} ms`));
      setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  });
}

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** GET a server-sent-events endpoint and collect its events until closed. */
async function openEvents(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const events: SseEvent[] = [];
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

const htmlDecode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** The value of the hidden input `name` in an HTML page. */
function hiddenValue(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  if (value === undefined) throw new Error(`no input ${name} in the page`);
  return htmlDecode(value);
}

interface RequestOptions {
  cookie?: string;
  /** The visitor's address as the load balancer reports it (TRUST_PROXY=1). */
  ip?: string;
  headers?: Record<string, string>;
}

function get(server: AppServer, pathname: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.ip) headers.set("x-forwarded-for", options.ip);
  return fetch(`${server.baseURL}${pathname}`, { headers, redirect: "manual" });
}

/** A form posted by the instance's own page (plain HTML, no JavaScript). */
function post(server: AppServer, pathname: string, fields: Record<string, string>, options: RequestOptions = {}) {
  const headers = new Headers({
    origin: server.baseURL,
    "sec-fetch-site": "same-origin",
    "content-type": "application/x-www-form-urlencoded",
    ...options.headers,
  });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.ip) headers.set("x-forwarded-for", options.ip);
  return fetch(`${server.baseURL}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

/** What each part measured, printed at the end (docs/reliability.md §3 records it). */
const figures: Record<string, string | number> = {};

describe.skipIf(Boolean(skipReason))(
  `scale-out: two production servers on one PostgreSQL and one Redis${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    const s = {} as {
      snapshot: ReturnType<typeof snapshotProductionBuild>;
      database: ThrowawayDatabase;
      handle: DatabaseHandle;
      smtp: Awaited<ReturnType<typeof startSmtp>>;
      redis: ReturnType<typeof createClient>;
      a: AppServer;
      b: AppServer;
      dirs: string[];
      admin: { id: string; email: string; cookie: string };
      member: { email: string; cookie: string };
    };
    const instances = () => [s.a, s.b] as const;
    const mailsTo = (to: string) => s.smtp.mails.filter((m) => m.to.includes(to));
    const waitForMail = (to: string, count = 1) =>
      waitFor(
        () => (mailsTo(to).length >= count ? decodeMail(mailsTo(to)[count - 1]!.raw) : undefined),
        15_000,
        `mail #${count} to ${to}`,
        50,
      );

    beforeAll(async () => {
      s.snapshot = snapshotProductionBuild();
      s.smtp = await startSmtp();
      s.database = await createThrowawayDatabase();
      s.dirs = [mkdtempSync(path.join(tmpdir(), "scale-out-a-")), mkdtempSync(path.join(tmpdir(), "scale-out-b-"))];
      const env = (name: string) => ({
        AUTH_SECRET,
        REDIS_URL: redisUrl!,
        SMTP_URL: s.smtp.url,
        // The envelope sender tells the SMTP server which instance's worker sent a message.
        MAIL_FROM: `instance-${name}@scale-out.test`,
        // One proxy in front: the client address comes from X-Forwarded-For, as behind a load balancer.
        TRUST_PROXY: "1",
        RATE_LIMIT_IP_SCALE: "1",
      });
      // Both at once on the empty database, as replicas start: the migration lock and the seed's
      // markers let one do the work while the other waits.
      const started = Date.now();
      const [a, b] = await Promise.allSettled(
        ["a", "b"].map((name, i) =>
          startAppServer({ cwd: s.snapshot.dir, dataDir: s.dirs[i]!, databaseUrl: s.database.url, env: env(name), readyTimeoutMs: 60_000 }),
        ),
      );
      if (a!.status === "fulfilled") s.a = a!.value;
      if (b!.status === "fulfilled") s.b = b!.value;
      for (const result of [a!, b!]) if (result.status === "rejected") throw result.reason;
      figures["both instances ready (started together, empty database)"] = `${Date.now() - started} ms`;

      s.handle = await openDatabase({ databaseUrl: s.database.url });
      setDatabase(s.handle);
      setAuth(
        createAuth({
          db: s.handle.db,
          publicUrl: s.a.baseURL,
          secret: AUTH_SECRET,
          notifier: createAuthNotifier({ db: s.handle.db, publicUrl: s.a.baseURL }),
        }),
      );
      const adminEmail = `scale-admin-${run}@example.test`;
      const { userId } = await createAdministrator({
        db: s.handle.db,
        auth: getAuth(),
        input: { email: adminEmail, password: PASSWORD, name: "Scale Admin", scopes: ["admin:*"] },
      });
      s.admin = { id: userId, email: adminEmail, cookie: "" };
      s.member = { email: `scale-member-${run}@example.test`, cookie: "" };
      s.redis = createClient({ url: redisUrl });
      s.redis.on("error", () => {});
      await s.redis.connect();
    }, 90_000);

    afterAll(async () => {
      console.log(
        `scale-out figures:\n${Object.entries(figures)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join("\n")}`,
      );
      setAuth(undefined);
      setDatabase(undefined);
      await Promise.all([s.a?.stop(4000), s.b?.stop(4000)]);
      await s.redis?.quit().catch(() => {});
      await s.handle?.close();
      await s.database?.drop();
      await s.smtp?.close();
      for (const dir of s.dirs ?? []) rmSync(dir, { recursive: true, force: true });
      s.snapshot?.remove();
    });

    test("started together, the instances migrated and seeded the database once", async () => {
      const journal = JSON.parse(readFileSync(path.join(s.snapshot.dir, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
      const applied = (await s.handle.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number; d: number }[] };
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, d: journal.entries.length });
      // The demo church was seeded once, not twice (prayer requests have no unique key that would hide a second seed).
      const prayers = (await s.handle.db.execute(sql`select body, count(*)::int as n from prayer_requests group by body`)) as unknown as {
        rows: { body: string; n: number }[];
      };
      expect(prayers.rows.length).toBeGreaterThan(0);
      expect(prayers.rows.filter((r) => r.n > 1)).toEqual([]);
      for (const server of instances()) {
        const ready = await get(server, "/readyz");
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ status: "ready", database: "ok" });
      }
    });

    test("(a) signed in on A is signed in on B; signed out on B is signed out on A", async () => {
      const { a, b, member } = s;
      const signup = await post(
        a,
        "/auth",
        {
          intent: "signup-email",
          fullName: "Sam Scale",
          email: member.email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          username: "",
          phone: "",
        },
        { ip: "198.51.100.10" },
      );
      expect(signup.status).toBe(200);
      await signup.body?.cancel();
      const confirmation = callbackLink(await waitForMail(member.email));
      expect(confirmation.origin).toBe(a.baseURL);
      const confirmed = await get(a, `${confirmation.pathname}${confirmation.search}`);
      expect(confirmed.status).toBe(302);
      const cookie = cookieJar("", confirmed.headers.getSetCookie());
      expect(cookie).toContain("church.session_token=");

      for (const server of instances()) {
        const settings = await get(server, "/settings", { cookie });
        expect(settings.status, server.baseURL).toBe(200);
        expect(await settings.text()).toContain(member.email);
      }

      // Signing out on B ends the session in the shared database: A refuses the same cookie.
      const signout = await post(b, "/auth", { intent: "signout" }, { cookie });
      expect(signout.status).toBe(200);
      await signout.body?.cancel();
      for (const server of [a, b]) {
        const refused = await get(server, "/settings", { cookie });
        expect(refused.status, server.baseURL).toBe(302);
        expect(refused.headers.get("location")).toMatch(/^\/auth\?redirectTo=\/settings/);
        await refused.body?.cancel();
      }

      // A magic link asked for on B (its link points at B) is opened on A: signed in on both.
      const asked = await post(b, "/auth", { intent: "magic-link", email: member.email }, { ip: "198.51.100.11" });
      expect(asked.status).toBe(200);
      await asked.body?.cancel();
      const magic = callbackLink(await waitForMail(member.email, 2));
      expect(magic.origin).toBe(b.baseURL);
      // The same browser: it holds the cookie that binds the link to it (issue 32, item 8b).
      const opened = await get(a, `${magic.pathname}${magic.search}`, { cookie: cookieJar("", asked.headers.getSetCookie()) });
      expect(opened.status).toBe(302);
      member.cookie = cookieJar("", opened.headers.getSetCookie());
      const onB = await get(b, "/settings", { cookie: member.cookie });
      expect(onB.status).toBe(200);
      expect(await onB.text()).toContain(member.email);
    });

    test("(b) a per-IP limit is counted across both instances: N in total, the next one 429 with the translated message", async () => {
      const { a, b, handle } = s;
      const ip = "198.51.100.20";
      const limit = 10; // sendsPerIp: 10 magic links or codes per 15 minutes (RATE_LIMIT_IP_SCALE=1)
      for (let i = 0; i < limit; i += 1) {
        const server = i % 2 === 0 ? a : b;
        const sent = await post(server, "/auth", { intent: "magic-link", email: `limit-${i}-${run}@example.test` }, { ip });
        expect(sent.status, `send ${i + 1} on ${server === a ? "A" : "B"}`).toBe(200);
        await sent.body?.cancel();
      }
      const english = await post(a, "/auth", { intent: "magic-link", email: `limit-x-${run}@example.test` }, { ip });
      expect(english.status).toBe(429);
      expect(await english.text()).toContain(enAuth.errors.rateLimited.replace("{{minutes}}", "15"));
      const spanish = await post(
        b,
        "/auth",
        { intent: "magic-link", email: `limit-y-${run}@example.test` },
        { ip, headers: { cookie: "lang=es" } },
      );
      expect(spanish.status).toBe(429);
      expect(await spanish.text()).toContain(esAuth.errors.rateLimited.replace("{{minutes}}", "15"));
      // Another visitor (another address behind the same load balancer) is not affected.
      const other = await post(b, "/auth", { intent: "magic-link", email: `limit-z-${run}@example.test` }, { ip: "198.51.100.21" });
      expect(other.status).toBe(200);
      await other.body?.cancel();
      const [row] = await handle.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, `send:ip:${ip}`));
      expect(row?.count).toBe(limit + 2);
      figures["(b) magic links from one address, alternating A/B"] = `${limit} accepted, #${limit + 1} (A) and #${limit + 2} (B) 429`;
    });

    test("(c) live chat and praying counts posted on one instance reach viewers on the other", async () => {
      const { a, b, handle, redis, member } = s;
      const started = await startLiveStream({
        db: handle.db,
        actor: { userId: s.admin.id, name: "Scale Admin" },
        input: { titleEn: "Scale-out", titleEs: null, source: { provider: "youtube", youtubeVideoId: "dQw4w9WgXcQ" }, chatEnabled: true },
      });
      if (!started.ok) throw new Error("the stream did not start");
      const channel = `live-chat:${started.id}`;
      const viewerA = await openEvents(`${a.baseURL}/watch/chat/events?stream=${started.id}`);
      const viewerB = await openEvents(`${b.baseURL}/watch/chat/events?stream=${started.id}`);
      const prayerA = await openEvents(`${a.baseURL}/prayer/events`);
      const prayerB = await openEvents(`${b.baseURL}/prayer/events`);
      try {
        for (const viewer of [viewerA, viewerB, prayerA, prayerB]) expect(viewer.response.status).toBe(200);
        await waitFor(() => viewerA.events.find((e) => e.event === "history"), 5000, "history on A");
        await waitFor(() => viewerB.events.find((e) => e.event === "history"), 5000, "history on B");
        // Each instance holds one Redis subscription for the stream's channel: the fan-out goes through Redis.
        await waitFor(
          async () => ((await redis.pubSubNumSub(channel))[channel] === 2 ? true : undefined),
          5000,
          "both instances subscribed in Redis",
          20,
        );

        const chat = async (from: AppServer, viewer: typeof viewerA, body: string) => {
          const sentAt = Date.now();
          const response = await fetch(`${from.baseURL}/watch/chat`, {
            method: "POST",
            headers: {
              cookie: member.cookie,
              origin: from.baseURL,
              "content-type": "application/x-www-form-urlencoded",
              accept: "application/json",
            },
            body: new URLSearchParams({ intent: "post", streamId: started.id, body }),
          });
          expect(response.status).toBe(201);
          const answer = (await response.json()) as { message: { id: string } };
          const arrived = await waitFor(
            () => viewer.events.find((e) => e.event === "message" && (e.data.message as { id?: string }).id === answer.message.id),
            2000,
            `"${body}" on the other instance`,
          );
          expect(arrived.data).toMatchObject({ message: { body, authorName: "Sam Scale" } });
          return Date.now() - sentAt;
        };
        const aToB = await chat(a, viewerB, `from A ${run}`);
        const bToA = await chat(b, viewerA, `from B ${run}`);
        expect(aToB).toBeLessThan(1000);
        expect(bToA).toBeLessThan(1000);
        figures["(c) chat message posted on A, seen by a viewer on B (POST to event)"] = `${aToB} ms`;
        figures["(c) chat message posted on B, seen by a viewer on A"] = `${bToA} ms`;

        // The prayer counts share one channel with every site on this Redis: a probe published
        // straight into Redis shows when both instances' subscriptions are in place.
        const probe = { id: `probe-${run}`, count: 1, visibility: "public" };
        await waitFor(
          async () => {
            if ([prayerA, prayerB].every((v) => v.events.some((e) => e.data.id === probe.id))) return true;
            await redis.publish("prayer-counts", JSON.stringify(probe));
            return undefined;
          },
          5000,
          "the prayer-count subscriptions",
          50,
        );

        const [request] = await handle.db
          .select({ id: prayerRequests.id, count: prayerRequests.prayingCount })
          .from(prayerRequests)
          .where(and(eq(prayerRequests.visibility, "public"), eq(prayerRequests.status, "approved")))
          .limit(1);
        const sentAt = Date.now();
        const prayed = await post(a, "/prayer", { intent: "pray", id: request!.id }, { cookie: member.cookie });
        expect(prayed.status).toBe(200);
        await prayed.body?.cancel();
        const seen = await waitFor(
          () => prayerB.events.find((e) => e.event === "count" && e.data.id === request!.id),
          2000,
          "the praying count on B",
        );
        const prayingMs = Date.now() - sentAt;
        expect(seen.data).toEqual({ id: request!.id, count: request!.count + 1 });
        await waitFor(() => prayerA.events.find((e) => e.event === "count" && e.data.id === request!.id), 2000, "the praying count on A");
        figures['(c) "I\'m praying" on A, new count seen by a wall viewer on B (POST to event)'] = `${prayingMs} ms`;
      } finally {
        for (const viewer of [viewerA, viewerB, prayerA, prayerB]) viewer.close();
      }
    });

    test("(d) mail queued while both outbox workers run is sent exactly once", async () => {
      const { a, b, handle } = s;
      const tag = `outbox-${run}`;
      const recipients = Array.from({ length: OUTBOX_MAILS }, (_, i) => `${tag}-${i}@example.test`);
      // Queued straight into the shared table (as any instance's request would queue them), ...
      const queuedAt = Date.now();
      await Promise.all(
        recipients.map((to, i) =>
          enqueueEmail(handle.db, { to, subject: `Scale-out ${tag} #${i}`, text: `Message ${i}`, html: `<p>Message ${i}</p>` }),
        ),
      );
      // ... then a request on each instance queues one more and wakes that instance's worker, so
      // both claim from the same rows at the same moment.
      const kicks = ["a", "b"].map((name) => `${tag}-kick-${name}@example.test`);
      const answers = await Promise.all([
        post(a, "/auth", { intent: "magic-link", email: kicks[0]! }, { ip: "198.51.100.30" }),
        post(b, "/auth", { intent: "magic-link", email: kicks[1]! }, { ip: "198.51.100.31" }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        await answer.body?.cancel();
      }
      const all = [...recipients, ...kicks];
      await waitFor(() => (all.every((to) => mailsTo(to).length > 0) ? true : undefined), 20_000, "every queued mail", 20);
      const deliveredMs = Date.now() - queuedAt;
      // Anything sent twice would arrive within this.
      await new Promise((r) => setTimeout(r, 1500));
      for (const to of all) expect(mailsTo(to).length, to).toBe(1);
      const rows = await handle.db
        .select({ status: outboxMessages.status, attempts: outboxMessages.attempts })
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, all));
      expect(rows.length).toBe(all.length);
      for (const row of rows) expect(row).toEqual({ status: "sent", attempts: 1 });
      const byA = all.filter((to) => mailsTo(to)[0]!.from === "instance-a@scale-out.test").length;
      const byB = all.filter((to) => mailsTo(to)[0]!.from === "instance-b@scale-out.test").length;
      expect(byA + byB).toBe(all.length);
      // Both workers took part: the exactly-once above held under a real race.
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      figures[`(d) ${all.length} mails queued at once, both workers running`] =
        `each received once; sent by A ${byA}, by B ${byB}; all delivered ${deliveredMs} ms after queuing (SMTP answers after ${SMTP_DELAY_MS} ms)`;
    });

    test("(e) an admin change on A shows on B's cached public page within 2 s", async () => {
      const { a, b, admin } = s;
      // The administrator's first sign-in on A: password, authenticator enrolment, first code.
      const first = await post(a, "/admin/login", { intent: "password", email: admin.email, password: PASSWORD }, { ip: "198.51.100.40" });
      expect(first.status).toBe(200);
      let jar = cookieJar("", first.headers.getSetCookie());
      const page = await first.text();
      const totpUri = hiddenValue(page, "totpUri");
      const enrolled = await post(
        a,
        "/admin/login",
        {
          intent: "enrol-confirm",
          code: await unusedTotp(secretFromOtpauth(totpUri)),
          totpUri,
          backupCodes: hiddenValue(page, "backupCodes"),
        },
        { cookie: jar, ip: "198.51.100.40" },
      );
      expect(enrolled.status).toBe(200);
      await enrolled.body?.cancel();
      jar = cookieJar(jar, enrolled.headers.getSetCookie());
      admin.cookie = jar;
      // The portal session is in the database too: B lets the same cookie in.
      const portalB = await get(b, "/admin/settings", { cookie: admin.cookie });
      expect(portalB.status).toBe(200);
      await portalB.body?.cancel();

      // B has /about in its page cache.
      await (await get(b, "/about")).text();
      const cached = await get(b, "/about");
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      const name = `Scale-out Vespers ${run}`;
      expect(await cached.text()).not.toContain(name);

      const saved = await post(
        a,
        "/admin/settings",
        { intent: "save-service-time", id: "", dayOfWeek: "3", startTime: "19:15", nameEn: name, nameEs: "" },
        { cookie: admin.cookie },
      );
      expect(saved.status).toBe(200);
      await saved.body?.cancel();
      const savedAt = Date.now();
      // A bumped the version itself: its next answer has it at once.
      expect(await (await get(a, "/about")).text()).toContain(name);
      const seenOnB = await waitFor(
        async () => ((await (await get(b, "/about")).text()).includes(name) ? Date.now() - savedAt : undefined),
        2000,
        "the change on B",
        50,
      );
      figures["(e) admin change saved on A, first seen on B's cached /about"] = `${seenOnB} ms`;
      // Still from the cache afterwards (re-rendered once for the new version, then hits).
      expect((await get(b, "/about")).headers.get("x-page-cache")).toBe("hit");
    });

    test("every queued mail went out once; the instances logged no errors", async () => {
      // Per recipient, the SMTP server got as many messages as the outbox holds for that address.
      const received = new Map<string, number>();
      for (const mail of s.smtp.mails) for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
      const rows = await s.handle.db.select({ recipient: outboxMessages.recipient, status: outboxMessages.status }).from(outboxMessages);
      const queued = new Map<string, number>();
      for (const row of rows) {
        expect(row.status, row.recipient).toBe("sent");
        queued.set(row.recipient, (queued.get(row.recipient) ?? 0) + 1);
      }
      expect(Object.fromEntries(received)).toEqual(Object.fromEntries(queued));
      figures["mails sent in the whole run (all exactly once)"] = s.smtp.mails.length;
      for (const server of instances()) {
        const errors = server
          .output()
          .stdout.split("\n")
          .filter((line) => /"level":(50|60)/.test(line));
        expect(errors, server.baseURL).toEqual([]);
      }
    });
  },
);
