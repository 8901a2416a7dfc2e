// Reliability point 2 (docs/reliability.md §2): the production server with its database cut off.
// The server reaches its throwaway PostgreSQL database through a TCP relay in this test, so the
// test can take "the database" away (every connection dropped, new ones refused) and give it
// back without touching the shared PostgreSQL. While it is away, pages, form posts, the chat's
// JSON and sign-in answer 503 with Retry-After and the "we'll be right back" text in the
// visitor's language — never a 500 —, public pages the page cache holds are answered from their
// last copy; once it is back, the same process serves again at once.
// PostgreSQL only: the embedded database lives inside the process and cannot go away.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import { openDatabase } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/db-errors.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { callbackLink, cookieJar, decodeMail, startSmtpServer } from "../support/auth-harness";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";

const PASSWORD = "outage-passphrase-7";

/** A TCP relay to the database that can be cut (connections dropped, new ones refused) and restored. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server!.address() as net.AddressInfo).port;
  };
  await listen();
  return {
    port: () => port,
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      server = null;
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const texts = {
  en: { title: enCommon.errors.unavailableTitle, body: enCommon.errors.unavailableBody },
  es: { title: esCommon.errors.unavailableTitle, body: esCommon.errors.unavailableBody },
};

describe.skipIf(!testDatabaseUrl)(
  `the database goes away and comes back${testDatabaseUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`,
  () => {
    const s = {} as {
      snapshot: ReturnType<typeof snapshotProductionBuild>;
      database: ThrowawayDatabase;
      relay: Awaited<ReturnType<typeof startRelay>>;
      smtp: Awaited<ReturnType<typeof startSmtpServer>>;
      server: AppServer;
      dataDir: string;
      cookie: string;
      prayerId: string;
    };

    const get = (pathname: string, headers: Record<string, string> = {}) =>
      fetch(`${s.server.baseURL}${pathname}`, { headers, redirect: "manual" });
    const post = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${s.server.baseURL}${pathname}`, {
        method: "POST",
        headers: { origin: s.server.baseURL, "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });

    /** A 503 page in `language`: status, headers, the translated text, `<html lang>`. */
    async function expectUnavailablePage(response: Response, language: "en" | "es") {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = decode(await response.text());
      expect(html).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
      expect(html).toContain(`>${texts[language].title}</h1>`);
      expect(html).toContain(texts[language].body);
      // Not the generic error screen, in either language.
      expect(html).not.toContain(enCommon.errors.appTitle);
      expect(html).not.toContain(esCommon.errors.pageTitle);
    }

    beforeAll(async () => {
      s.snapshot = snapshotProductionBuild();
      s.database = await createThrowawayDatabase();
      const target = new URL(s.database.url);
      s.relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
      const viaRelay = new URL(s.database.url);
      viaRelay.host = `127.0.0.1:${s.relay.port()}`;
      s.smtp = await startSmtpServer();
      s.dataDir = mkdtempSync(path.join(tmpdir(), "database-outage-"));
      s.server = await startAppServer({
        cwd: s.snapshot.dir,
        dataDir: s.dataDir,
        databaseUrl: viaRelay.toString(),
        env: { SMTP_URL: s.smtp.url, AUTH_SECRET: "database-outage-test-secret-0123456789" },
      });

      // A member, signed up and confirmed over HTTP like anyone.
      const email = `outage-${Date.now()}@example.test`;
      const signup = await post("/auth", {
        intent: "signup-email",
        fullName: "Olga Outage",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        username: "",
        phone: "",
      });
      expect(signup.status).toBe(200);
      let mail: string | undefined;
      for (let i = 0; i < 200 && !mail; i += 1) {
        const found = s.smtp.mails.find((m) => m.to.includes(email));
        if (found) mail = decodeMail(found.raw);
        else await new Promise((r) => setTimeout(r, 50));
      }
      const link = callbackLink(mail!);
      const confirmed = await get(`${link.pathname}${link.search}`);
      expect(confirmed.status).toBe(302);
      s.cookie = cookieJar("", confirmed.headers.getSetCookie());
      const wall = await (await get("/prayer", { cookie: s.cookie })).text();
      s.prayerId = /name="id" value="([0-9a-f-]{36})"/.exec(wall)![1]!;
    }, 120_000);

    afterAll(async () => {
      await s.server?.stop(4000);
      await s.relay?.close();
      await s.smtp?.close();
      await s.database?.drop();
      if (s.dataDir) rmSync(s.dataDir, { recursive: true, force: true });
      s.snapshot?.remove();
    });

    test("a connection lost while a transaction holds it fails that transaction, not the process; the pool then recovers", async () => {
      // What ended the production server under load when PostgreSQL restarted: node-postgres
      // emits `error` on a client that is checked out of the pool, where nobody listened.
      const target = new URL(s.database.url);
      const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
      const viaRelay = new URL(s.database.url);
      viaRelay.host = `127.0.0.1:${relay.port()}`;
      const handle = await openDatabase({ databaseUrl: viaRelay.toString() });
      try {
        const outcome = await handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await relay.cut();
            // The socket's end reaches the client while the transaction holds it, between queries.
            await new Promise((r) => setTimeout(r, 300));
            await tx.execute(sql`select 2`);
          })
          .then(
            () => "committed",
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(outcome)).toBe(true);
        await relay.restore();
        await handle.ping();
      } finally {
        await handle.close();
        await relay.close();
      }
    });

    test("while it is away: 503 with Retry-After and the translated page, never a 500; back, the same process serves at once", async () => {
      const pid = s.server.pid;
      expect((await get("/readyz")).status).toBe(200);
      // A public page the page cache holds from before the outage.
      const aboutBefore = await get("/about");
      expect(aboutBefore.headers.get("x-page-cache")).toBe("miss");
      const aboutHtml = await aboutBefore.text();
      const cutAt = Date.now();
      await s.relay.cut();

      // Pages for a visitor in English, in Spanish (Accept-Language, ?lang=, the language cookie).
      await expectUnavailablePage(await get("/prayer", { "accept-language": "en-US,en;q=0.9" }), "en");
      await expectUnavailablePage(await get("/events", { "accept-language": "es-MX,es;q=0.9" }), "es");
      await expectUnavailablePage(await get("/sermons?lang=es"), "es");
      // A signed-in member (the session is read from the database first).
      await expectUnavailablePage(await get("/settings", { cookie: `${s.cookie}; lang=es` }), "es");
      await expectUnavailablePage(await get("/settings", { cookie: s.cookie }), "en");
      // Form posts without JavaScript: nothing saved, and the page says so.
      await expectUnavailablePage(await post("/prayer", { intent: "pray", id: s.prayerId }, { cookie: `${s.cookie}; lang=es` }), "es");
      await expectUnavailablePage(await post("/auth", { intent: "signin-email", email: "someone@example.test", password: PASSWORD }), "en");
      await expectUnavailablePage(
        await post("/auth", { intent: "magic-link", email: "someone@example.test" }, { cookie: "lang=es" }),
        "es",
      );

      // The live chat's fetch asks for JSON: a JSON error in the member's language.
      const chat = await post(
        "/watch/chat",
        { intent: "post", body: "Amen" },
        { cookie: `${s.cookie}; lang=es`, accept: "application/json" },
      );
      expect(chat.status).toBe(503);
      expect(chat.headers.get("retry-after")).toBe("5");
      expect(await chat.json()).toEqual({ ok: false, error: `${texts.es.title}. ${texts.es.body}` });

      // A client-side navigation's data request.
      const data = await get("/events.data", { cookie: "lang=es" });
      expect(data.status).toBe(503);
      await data.body?.cancel();

      // The page the cache holds is answered from its last copy once the content version can no
      // longer be read (it is read at most once a second), instead of the 503 page.
      await new Promise((r) => setTimeout(r, Math.max(0, cutAt + 1100 - Date.now())));
      const about = await get("/about");
      expect(about.status).toBe(200);
      expect(about.headers.get("x-page-cache")).toBe("stale");
      const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "none";
      expect((await about.text()).split(nonceOf(about)).join("N")).toBe(aboutHtml.split(nonceOf(aboutBefore)).join("N"));

      // Readiness says why.
      const ready = await get("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: "database_unreachable" });

      // Back: the pool opens new connections on the next request; no restart.
      await s.relay.restore();
      const back = Date.now();
      let settings: Response;
      for (;;) {
        settings = await get("/settings", { cookie: s.cookie });
        if (settings.status === 200 || Date.now() - back > 5000) break;
        await settings.body?.cancel();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(settings.status).toBe(200);
      expect(Date.now() - back).toBeLessThan(5000);
      expect(await settings.text()).toContain("Olga Outage");
      const prayed = await post("/prayer", { intent: "pray", id: s.prayerId }, { cookie: s.cookie });
      expect(prayed.status).toBe(200);
      await prayed.body?.cancel();
      expect((await get("/readyz")).status).toBe(200);
      expect(s.server.pid).toBe(pid);
      expect(s.server.process.exitCode).toBeNull();
    });
  },
);
