// The public-page cache in the production server (issue 10, ADR 019): one render per page and
// language, ETag/Last-Modified and 304s, a CSP that allows the stored page's scripts by hash,
// never shared with anyone carrying a session, client navigations' data shared on the page's
// terms, and a content change in the admin reaching visitors.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "~/db/schema";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
import { openDatabase } from "~/server/db.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { createThrowawayDatabase, describeOnBackend, type ThrowawayDatabase } from "../support/test-database";

/** The script sources of a CSP header. */
const scriptSources = (csp: string | null) => (/(?:^|;\s*)script-src ([^;]*)/.exec(csp ?? "")?.[1] ?? "").split(" ");
/** The CSP hash source of each inline script the page runs (not JSON-LD data, not external files). */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes!))
    .map(([, , text]) => `'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);

describeOnBackend("page cache", (backend) => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let server: AppServer;
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseURL}${pathname}`, { headers, redirect: "manual" });

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-page-cache-"));
    if (backend.name === "postgres") database = await createThrowawayDatabase();
    server = await startAppServer({ cwd: snapshot.dir, dataDir, databaseUrl: database?.url });
  });
  afterAll(async () => {
    await server?.stop(2000);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    snapshot?.remove();
  });

  test("a public page is rendered once, then served from memory with validators, its scripts allowed by hash", async () => {
    const first = await get("/about");
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    expect(Date.parse(first.headers.get("last-modified") ?? "")).not.toBeNaN();

    const second = await get("/about");
    const secondBody = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(etag);
    // The same bytes for everyone (a CDN may hold them), so no nonce: the CSP lists the hash of
    // each inline script, and only those.
    expect(secondBody).toBe(firstBody);
    expect(secondBody).not.toMatch(/\snonce=/);
    const csp = second.headers.get("content-security-policy");
    expect(csp).toBe(first.headers.get("content-security-policy"));
    const hashes = inlineScriptHashes(secondBody);
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect(scriptSources(csp).sort()).toEqual(["'self'", ...new Set(hashes)].sort());

    const revalidated = await get("/about", { "If-None-Match": etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    // The browser keeps the body it has, and the policy that came with it.
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    const byDate = await get("/about", { "If-Modified-Since": first.headers.get("last-modified")! });
    expect(byDate.status).toBe(304);
    const stale = await get("/about", { "If-None-Match": 'W/"something-else"' });
    expect(stale.status).toBe(200);

    const head = await fetch(`${server.baseURL}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
  });

  test("each language has its own copy; a ?lang= link still sets the language cookie", async () => {
    const english = await get("/plan-visit");
    const spanish = await get("/plan-visit", { "Accept-Language": "es-MX,es;q=0.9" });
    expect(await english.text()).toContain('<html lang="en"');
    expect(await spanish.text()).toContain('<html lang="es"');
    expect(english.headers.get("etag")).not.toBe(spanish.headers.get("etag"));
    const byCookie = await get("/plan-visit", { Cookie: "lang=es" });
    expect(byCookie.headers.get("x-page-cache")).toBe("hit");
    expect(await byCookie.text()).toContain('<html lang="es"');

    await (await get("/?lang=es")).text();
    const link = await get("/?lang=es");
    expect(link.headers.get("x-page-cache")).toBe("hit");
    expect(link.headers.get("set-cookie")).toMatch(/^lang=es; Path=\//);
    expect(await link.text()).toContain('<html lang="es"');
  });

  test("never shared: anyone with a session cookie, personal pages and pages their route keeps private", async () => {
    await (await get("/")).text();
    const member = await get("/", { Cookie: "church.session_token=not-a-real-session.sig" });
    expect(member.headers.get("x-page-cache")).toBe("bypass");
    expect(member.headers.get("etag")).toBeNull();
    expect(member.headers.get("cache-control")).toMatch(/private/);
    await member.text();

    // The store (a cart per person) and the prayer wall (live counts) say no-store / no-cache
    // for visitors too: always rendered.
    for (const pathname of ["/store", "/prayer"]) {
      await (await get(pathname)).text();
      const again = await get(pathname);
      expect(again.headers.get("x-page-cache"), pathname).toBe("bypass");
      expect(again.headers.get("cache-control"), pathname).toMatch(/no-store|no-cache/);
      await again.text();
    }
    const settings = await get("/settings");
    expect(settings.headers.get("x-page-cache")).toBeNull();
    await settings.text();
    // A page that does not exist is not kept: it matches no page route, so the cache is not asked.
    await (await get("/no-such-page-4711")).text();
    const missing = await get("/no-such-page-4711");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    expect(missing.headers.get("etag")).toBeNull();
    await missing.text();
  });

  test("a client navigation's data is shared while its page is, with validators", async () => {
    const first = await get("/about.data");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const body = await first.text();
    const second = await get("/about.data");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(second.headers.get("content-security-policy")).toBeNull();
    expect(await second.text()).toBe(body);
    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    expect((await get("/about.data", { "If-None-Match": etag! })).status).toBe(304);
    // Each language and each set of loaders has its own copy.
    const spanish = await get("/about.data", { Cookie: "lang=es" });
    expect(spanish.headers.get("x-page-cache")).toBe("miss");
    expect(spanish.headers.get("etag")).not.toBe(etag);
    await spanish.text();
    expect((await get("/about.data?_routes=root")).headers.get("x-page-cache")).toBe("miss");

    // The prayer wall keeps its page unshared, so its data is never shared either.
    for (let i = 0; i < 2; i++) {
      const prayer = await get("/prayer.data");
      expect(prayer.status).toBe(200);
      expect(prayer.headers.get("x-page-cache")).toBe("bypass");
      expect(prayer.headers.get("cache-control")).toMatch(/private|no-store|no-cache/);
      await prayer.text();
    }
    const member = await get("/about.data", { Cookie: "church.session_token=not-a-real-session.sig" });
    expect(member.headers.get("x-page-cache")).toBe("bypass");
    expect(member.headers.get("cache-control")).toMatch(/private/);
    await member.text();
    const missing = await get("/no-such-page-4711.data");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    await missing.text();
  });

  // The embedded database belongs to the server process; with PostgreSQL the change is made as
  // the admin's settings page makes it, from another process (like a second instance).
  test.skipIf(backend.name !== "postgres")("a content change in the admin reaches visitors", async () => {
    if (!database) throw new Error("PostgreSQL database missing");
    const before = await get("/");
    const etag = before.headers.get("etag");
    expect(await before.text()).not.toContain("(555) 010-4711");
    // A request the page cache steps aside for renders with the church profile kept per content
    // version (content-memo.server.ts): it must follow the change too.
    const rendered = await get("/about", { Cookie: "bench=1" });
    expect(rendered.headers.get("x-page-cache")).toBe("bypass");
    expect(await rendered.text()).not.toContain("(555) 010-4711");
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const [actor] = await handle.db
        .insert(users)
        .values({ id: "page-cache-admin", name: "Cache Admin", email: "cache-admin@example.test" })
        .returning();
      const result = await updateChurchSettings({
        db: handle.db,
        actor: { userId: actor!.id, name: actor!.name },
        ipAddress: null,
        action: "settings.profile.update",
        next: { phoneDisplay: "(555) 010-4711" },
      });
      expect(result).toBe("saved");
    } finally {
      await handle.close();
    }
    // Another instance's change shows within the version check's interval (1 s).
    await expect
      .poll(
        async () => {
          const response = await get("/", { "If-None-Match": etag! });
          return response.status === 200 && (await response.text()).includes("(555) 010-4711");
        },
        { timeout: 5000, interval: 250 },
      )
      .toBe(true);
    expect(await (await get("/about", { Cookie: "bench=1" })).text()).toContain("(555) 010-4711");
  });
});
