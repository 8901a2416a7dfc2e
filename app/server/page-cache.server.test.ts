import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  classifyRequest,
  createCachedAnswer,
  createContentVersionReader,
  createPageCacheFastPath,
  isNotModified,
  PageCache,
  pageCacheMiddleware,
  toCachedPage,
  withScriptHashes,
} from "./page-cache.server";
import routeConfig from "~/routes";
import { createRouteMatcher, createSharedPageTest, SHARED_PAGE_ROUTE_IDS, type ManifestRoute } from "./shared-page-routes.server";

/** The manifest React Router builds from app/routes.ts (ids: the file without its extension, or the given id). */
function manifestOf(
  entries: readonly { id?: string; file: string; path?: string; index?: boolean; children?: unknown[] }[],
  parentId = "root",
  into: Record<string, ManifestRoute> = { root: { id: "root", path: "" } },
) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    if (entry.children) manifestOf(entry.children as typeof entries, id, into);
  }
  return into;
}
const manifest = manifestOf(routeConfig);
const isSharedPage = createSharedPageTest(manifest);

describe("the shared page routes", () => {
  it("are all routes of app/routes.ts (a renamed route would silently stop being shared)", () => {
    for (const id of SHARED_PAGE_ROUTE_IDS) expect(Object.keys(manifest), id).toContain(id);
  });

  it("match as React Router matches: decoded, in any case, with a trailing slash", () => {
    const routeOf = createRouteMatcher(manifest);
    expect(routeOf("/")).toBe("routes/site/home");
    expect(routeOf("/Events/")).toBe("routes/events/events");
    expect(routeOf("/events/fish-fry")).toBe("routes/events/event");
    expect(routeOf("/%70rayer/events")).toBe("routes/prayer/prayer-events");
    expect(routeOf("/no-such-page")).toBe("routes/site/not-found");
    // Asked twice (the second from the memo), the same answer.
    expect([isSharedPage("/about"), isSharedPage("/about"), isSharedPage("/PRAYER/EVENTS"), isSharedPage("/PRAYER/EVENTS")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

const html = (text: string, nonce: string, init: ResponseInit = {}) =>
  new Response(`<html><body>${text}<script nonce="${nonce}">go()</script></body></html>`, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers as Record<string, string> | undefined) },
  });

describe("classifyRequest", () => {
  const get = (url: string, headers: Record<string, string> = {}) => classifyRequest({ method: "GET", url, headers }, isSharedPage);

  it("keys public pages by language, path and query", () => {
    expect(get("/")).toEqual({ kind: "lookup", key: "en /", language: "en", setLanguageCookie: false });
    expect(get("/events?category=youth", { "accept-language": "es-MX,es;q=0.9" })).toMatchObject({
      key: "es /events?category=youth",
      language: "es",
    });
    expect(get("/", { cookie: "lang=es" })).toMatchObject({ key: "es /", language: "es", setLanguageCookie: false });
    expect(get("/?lang=es", { cookie: "lang=en" })).toMatchObject({ key: "es /?lang=es", setLanguageCookie: true });
    expect(classifyRequest({ method: "HEAD", url: "/about", headers: {} }, isSharedPage)).toMatchObject({
      kind: "lookup",
      key: "en /about",
    });
  });

  it("keys a client navigation's data on its own, with the page it belongs to", () => {
    expect(get("/events.data?category=youth&_routes=root%2Croutes%2Fevents", { "accept-language": "es" })).toEqual({
      kind: "lookup",
      key: "es /events.data?category=youth&_routes=root%2Croutes%2Fevents",
      language: "es",
      setLanguageCookie: false,
      page: { key: "es /events?category=youth", url: "/events?category=youth" },
    });
    // React Router 8's trailing-slash-aware data addresses: `/_.data` for `/`, `/events/_.data` for `/events/`.
    expect(get("/_.data?_routes=routes%2Fhome")).toMatchObject({
      key: "en /_.data?_routes=routes%2Fhome",
      page: { key: "en /", url: "/" },
    });
    expect(get("/events/_.data?_routes=routes%2Fevents")).toMatchObject({
      key: "en /events/_.data?_routes=routes%2Fevents",
      page: { key: "en /events/", url: "/events/" },
    });
    expect(get("/about.data?lang=es")).toMatchObject({ language: "es", setLanguageCookie: true, page: { key: "es /about?lang=es" } });
    expect(get("/about")).not.toHaveProperty("page");
  });

  it("steps aside for anyone with a cookie but the language, and for personal paths and links", () => {
    expect(get("/", { cookie: "church.session_token=abc.def" })).toEqual({ kind: "bypass", reason: "cookie" });
    expect(get("/", { cookie: "lang=es; store_cart=1" })).toEqual({ kind: "bypass", reason: "cookie" });
    expect(get("/", { authorization: "Bearer x" })).toEqual({ kind: "bypass", reason: "authorization" });
    for (const path of [
      "/admin",
      "/admin/content",
      "/auth",
      "/auth/callback",
      "/settings",
      "/give/thanks",
      "/give/history",
      "/store/cart",
      "/store/orders/1",
      "/events/registration",
      "/community/discussions/1",
      "/assistant/chat",
      "/email/unsubscribe",
    ]) {
      expect(get(path), path).toEqual({ kind: "bypass", reason: "path" });
    }
    // Files, feeds and the router's manifest are not pages; nor is the data of a personal page.
    for (const path of [
      "/logo.svg",
      "/media/demo/welcome-800.avif",
      "/sw.js",
      "/sitemap.xml",
      "/__manifest",
      "/settings.data",
      "/admin/content.data",
      "/sitemap.xml.data",
      "/__manifest.data",
    ]) {
      expect(get(path), path).toEqual({ kind: "bypass", reason: "path" });
    }
    expect(get("/events.data", { cookie: "church.session_token=abc.def" })).toEqual({ kind: "bypass", reason: "cookie" });
    expect(get("/store.data?token=abc&_routes=root")).toEqual({ kind: "bypass", reason: "query" });
    expect(get("/store?token=abc")).toEqual({ kind: "bypass", reason: "query" });
    expect(classifyRequest({ method: "POST", url: "/", headers: {} }, isSharedPage)).toEqual({ kind: "bypass", reason: "method" });
    // Look-alikes of personal paths are not personal; this one is no page at all (the 404 route).
    expect(get("/authors")).toEqual({ kind: "bypass", reason: "path" });
    expect(get("/events-calendar")).toEqual({ kind: "bypass", reason: "path" });
    expect(get("/settings-help")).toEqual({ kind: "bypass", reason: "path" });
    // Paths Express serves after the cache (no route of React Router's: they match `*`).
    for (const path of ["/healthz", "/readyz", "/Readyz"]) expect(get(path), path).toEqual({ kind: "bypass", reason: "path" });
  });

  it("decides from the route a path matches, as React Router matches it: in any case or encoding, streams are never pages", () => {
    // Issue 32: a path pattern compared case-sensitively let these reach the live streams through the cache.
    const streams = [
      "/prayer/events",
      "/Prayer/events",
      "/PRAYER/EVENTS",
      "/%70rayer/events",
      "/prayer/%65vents",
      "/prayer/%65VENTS",
      "/prayer/events/",
      "/prayer/events.data",
      "/prayer/events/_.data",
      "/Prayer/Events.data?_routes=routes%2Fprayer%2Fprayer-events",
      "/./prayer/events",
      "/x/../prayer/events",
      "/prayer/%2e/events",
      "/watch/chat/events?stream=0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b",
      "/Watch/chat/events?stream=0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b",
      "/watch/CHAT/%65vents?stream=x",
      "/watch/chat",
      "/Watch/Chat",
    ];
    for (const path of streams) expect(get(path), path).toEqual({ kind: "bypass", reason: "path" });
    // Personal and transactional pages, resource routes and the admin portal, in any case.
    for (const path of [
      "/Admin",
      "/ADMIN/users",
      "/%61dmin",
      "/Settings",
      "/AUTH",
      "/Give/Thanks",
      "/store/Cart",
      "/Events/Registration",
      "/tour",
      "/Gallery",
      "/Community/Discussions/1",
      "/Assistant/chat",
      "/Email/Unsubscribe",
    ]) {
      expect(get(path), path).toEqual({ kind: "bypass", reason: "path" });
    }
    // The public pages themselves, as typed in another case, are still pages.
    expect(get("/About")).toMatchObject({ kind: "lookup", key: "en /About" });
    expect(get("/events/")).toMatchObject({ kind: "lookup" });
    // A path that is not a path (absolute-form is brought to origin form before this step).
    expect(get("http://church.test/events")).toEqual({ kind: "bypass", reason: "path" });
    expect(get("*")).toEqual({ kind: "bypass", reason: "path" });
  });
});

describe("toCachedPage", () => {
  const store = (response: Response) =>
    toCachedPage(response, { nonce: "n0nce", version: "1", language: "en", now: 1_000, maxEntryBytes: 1024 });

  it("keeps a plain public 200 without its per-answer headers or its nonce", async () => {
    const page = await store(
      html("Hello", "n0nce", { headers: { "Set-Cookie": "lang=es; Path=/", "Content-Language": "en", "Content-Security-Policy": "x" } }),
    );
    expect(page).not.toBeNull();
    expect(page!.headers.map(([name]) => name).sort()).toEqual(["content-language", "content-type"]);
    expect(page!.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(page!.body.toString()).toBe("<html><body>Hello<script>go()</script></body></html>");
    expect(page!.scriptHashes).toEqual([sha256("go()")]);
    // Below 1 KB, not compressed (as the compression middleware does).
    expect(page!.gzip).toBeNull();
    // Navigation data is kept as it is: no scripts to allow, no CSP.
    const data = await store(new Response('<script nonce="n0nce">x()</script>', { headers: { "Content-Type": "text/x-script" } }));
    expect(data!.body.toString()).toBe('<script nonce="n0nce">x()</script>');
    expect(data!.scriptHashes).toEqual([]);
  });

  it("refuses what must not be shared", async () => {
    expect(await store(html("x", "n", { status: 404 }))).toBeNull();
    expect(await store(html("x", "n", { headers: { "Cache-Control": "private, no-store" } }))).toBeNull();
    expect(await store(html("x", "n", { headers: { "Cache-Control": "no-cache" } }))).toBeNull();
    expect(await store(html("x", "n", { headers: { "Set-Cookie": "church.session_token=a; Path=/" } }))).toBeNull();
    expect(await store(new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }))).toBeNull();
    expect(await store(html("x".repeat(2000), "n"))).toBeNull();
  });

  it("gives the same ETag to the same content rendered with another nonce", async () => {
    const a = await store(html("Same", "n0nce"));
    const b = await toCachedPage(html("Same", "other1"), { nonce: "other1", version: "1", language: "en", now: 1, maxEntryBytes: 1024 });
    const c = await store(html("Changed", "n0nce"));
    expect(a!.etag).toBe(b!.etag);
    expect(c!.etag).not.toBe(a!.etag);
  });
});

describe("isNotModified", () => {
  const page = { etag: 'W/"abc"', lastModified: Date.parse("2026-11-23T10:00:00.400Z") };
  it("compares If-None-Match weakly, then If-Modified-Since by the second", () => {
    expect(isNotModified({ "if-none-match": 'W/"abc"' }, page)).toBe(true);
    expect(isNotModified({ "if-none-match": '"x", "abc"' }, page)).toBe(true);
    expect(isNotModified({ "if-none-match": 'W/"abd"' }, page)).toBe(false);
    // If-None-Match wins over a date that would match.
    expect(isNotModified({ "if-none-match": 'W/"abd"', "if-modified-since": "Mon, 23 Nov 2026 10:00:00 GMT" }, page)).toBe(false);
    expect(isNotModified({ "if-modified-since": "Mon, 23 Nov 2026 10:00:00 GMT" }, page)).toBe(true);
    expect(isNotModified({ "if-modified-since": "Mon, 23 Nov 2026 09:59:59 GMT" }, page)).toBe(false);
    expect(isNotModified({ "if-modified-since": "not a date" }, page)).toBe(false);
    expect(isNotModified({}, page)).toBe(false);
  });
});

describe("PageCache", () => {
  function setup(options: { maxBytes?: number; maxAgeMs?: number } = {}) {
    let version = "1";
    let time = 0;
    let text = "Welcome";
    let cacheControl: string | undefined;
    const renders: string[] = [];
    const cache = new PageCache({
      contentVersion: async () => version,
      render: async (request, nonce) => {
        renders.push(new URL(request.url).pathname);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return html(text, nonce, cacheControl ? { headers: { "Cache-Control": cacheControl } } : {});
      },
      now: () => time,
      ...options,
    });
    const request = (path: string) => () => new Request(`http://church.test${path}`);
    return {
      cache,
      renders,
      request,
      setVersion: (v: string) => (version = v),
      setTime: (t: number) => (time = t),
      setText: (t: string) => (text = t),
      setCacheControl: (value: string | undefined) => (cacheControl = value),
    };
  }

  it("renders once for many concurrent visitors, then answers from memory", async () => {
    const { cache, renders, request } = setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.lookup("en /", "en", request("/"))));
    expect(renders).toEqual(["/"]);
    expect(results.filter((r) => r.kind === "miss")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "hit")).toHaveLength(19);
    expect((await cache.lookup("en /", "en", request("/"))).kind).toBe("hit");
    expect(cache.stats).toMatchObject({ entries: 1, hits: 20, misses: 1 });
  });

  it("renders again after a content change or when the entry is old, keeping validators when nothing changed", async () => {
    const { cache, renders, request, setVersion, setTime, setText } = setup({ maxAgeMs: 60_000 });
    const first = await cache.lookup("en /", "en", request("/"));
    setTime(59_000);
    expect((await cache.lookup("en /", "en", request("/"))).kind).toBe("hit");
    setTime(61_000);
    const aged = await cache.lookup("en /", "en", request("/"));
    expect(aged.kind).toBe("miss");
    if (first.kind === "uncacheable" || aged.kind === "uncacheable") throw new Error("expected pages");
    expect(aged.page.etag).toBe(first.page.etag);
    expect(aged.page.lastModified).toBe(first.page.lastModified);
    setText("Welcome, changed");
    setVersion("2");
    const changed = await cache.lookup("en /", "en", request("/"));
    if (changed.kind === "uncacheable") throw new Error("expected a page");
    expect(changed.kind).toBe("miss");
    expect(changed.page.etag).not.toBe(first.page.etag);
    expect(changed.page.body.toString()).toContain("Welcome, changed");
    expect(renders).toHaveLength(3);
  });

  it("drops the least recently used pages when memory is short", async () => {
    const { cache, request } = setup({ maxBytes: 150 });
    await cache.lookup("en /a", "en", request("/a"));
    await cache.lookup("en /b", "en", request("/b"));
    await cache.lookup("en /a", "en", request("/a"));
    await cache.lookup("en /c", "en", request("/c"));
    expect(cache.stats.bytes).toBeLessThanOrEqual(150);
    expect(cache.stats.entries).toBe(2);
    expect((await cache.lookup("en /a", "en", request("/a"))).kind).toBe("hit");
    expect((await cache.lookup("en /b", "en", request("/b"))).kind).toBe("miss");
  });

  it("tells whether a page may be shared, rendering it once, and remembers a refusal for the version and the entry age", async () => {
    const { cache, renders, setVersion, setTime, setCacheControl } = setup({ maxAgeMs: 60_000 });
    setCacheControl("no-store");
    const page = () => new Request("http://church.test/prayer");
    expect(await Promise.all([cache.shareable("en /prayer", "en", page), cache.shareable("en /prayer", "en", page)])).toEqual([
      false,
      false,
    ]);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(false);
    expect(renders).toHaveLength(1);
    // A visitor asking for the page itself still gets it rendered for them.
    expect((await cache.lookup("en /prayer", "en", page)).kind).toBe("uncacheable");
    expect(renders).toHaveLength(2);
    setCacheControl(undefined);
    setTime(59_000);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(false);
    setVersion("2");
    expect(await cache.shareable("en /prayer", "en", page)).toBe(true);
    expect(renders).toHaveLength(3);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(true);
    expect((await cache.lookup("en /prayer", "en", page)).kind).toBe("hit");
    expect(renders).toHaveLength(3);
    setCacheControl("private");
    setTime(200_000);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(false);
    setTime(259_999);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(false);
    setTime(260_000);
    expect(await cache.shareable("en /prayer", "en", page)).toBe(false);
    expect(renders).toHaveLength(5);
  });

  it("answers its last copy, up to maxStaleMs old, while the database cannot be asked", async () => {
    let version: string | Error = "1";
    let status = 200;
    let time = 0;
    const cache = new PageCache({
      contentVersion: async () => {
        if (version instanceof Error) throw version;
        return version;
      },
      render: async (_request, nonce) => html("Welcome", nonce, { status }),
      now: () => time,
      maxAgeMs: 60_000,
      maxStaleMs: 3_600_000,
    });
    const page = () => new Request("http://church.test/");
    expect((await cache.lookup("en /", "en", page)).kind).toBe("miss");
    // The version cannot be read.
    version = new Error("connect ECONNREFUSED");
    time = 120_000;
    const stale = await cache.lookup("en /", "en", page);
    expect(stale.kind).toBe("stale");
    if (stale.kind !== "stale") throw new Error("expected the stored page");
    expect(stale.page.body.toString()).toContain("Welcome");
    await expect(cache.lookup("en /about", "en", () => new Request("http://church.test/about"))).rejects.toThrow("ECONNREFUSED");
    expect(await cache.shareable("en /", "en", page)).toBe(true);
    // The version was read, but the render meets the outage (503).
    version = "2";
    status = 503;
    expect((await Promise.all([cache.lookup("en /", "en", page), cache.lookup("en /", "en", page)])).map((r) => r.kind)).toEqual([
      "stale",
      "stale",
    ]);
    const unstored = await cache.lookup("en /events", "en", () => new Request("http://church.test/events"));
    expect(unstored.kind).toBe("uncacheable");
    if (unstored.kind === "uncacheable") expect(unstored.response.status).toBe(503);
    // Too old to stand in.
    time = 3_600_000;
    expect((await cache.lookup("en /", "en", page)).kind).toBe("uncacheable");
    // Back: rendered and stored again.
    status = 200;
    expect((await cache.lookup("en /", "en", page)).kind).toBe("miss");
    expect(cache.stats.stale).toBe(4);
  });

  it("hands a page that must not be shared to its one requester and keeps nothing", async () => {
    const cache = new PageCache({
      contentVersion: async () => "1",
      render: async (_request, nonce) => html("Just for you", nonce, { headers: { "Cache-Control": "no-store" } }),
    });
    const result = await cache.lookup("en /give", "en", () => new Request("http://church.test/give"));
    expect(result.kind).toBe("uncacheable");
    expect(cache.stats.entries).toBe(0);
  });
});

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("withScriptHashes", () => {
  it("takes the render's nonce out and hashes exactly the scripts that carried it", () => {
    const nonce = "0123456789abcdef0123456789abcdef0123";
    const rendered =
      `<html><head><link nonce="${nonce}" rel="icon" href="/favicon.svg"/>` +
      `<script type="application/ld+json">{"name":"Iglesia"}</script></head><body>` +
      `<script nonce="${nonce}">window.a = "ñandú 🙏";</script>` +
      `<script id="boot" type="text/x-module-after-first-paint" nonce="${nonce}">import "/assets/a.js";</script>` +
      `<script nonce="${nonce}">window.a = "ñandú 🙏";</script>` +
      `<SCRIPT nonce="${nonce}">\nx()\n</SCRIPT >` +
      `<script src="/assets/b.js"></script><script nonce="other">evil()</script></body></html>`;
    const { html, scriptHashes } = withScriptHashes(rendered, nonce);
    expect(html).not.toContain(nonce);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain('<script id="boot" type="text/x-module-after-first-paint">import "/assets/a.js";</script>');
    // The hashes of the UTF-8 text, each once; not the JSON-LD, not a script without the nonce.
    expect(scriptHashes).toEqual([sha256('window.a = "ñandú 🙏";'), sha256('import "/assets/a.js";'), sha256("\nx()\n")]);
    expect(scriptHashes).not.toContain(sha256("evil()"));
    expect(withScriptHashes("<p>Hi</p>", nonce)).toEqual({ html: "<p>Hi</p>", scriptHashes: [] });
  });
});

describe("createContentVersionReader", () => {
  it("reads at most once per interval, and again at once after a change", async () => {
    let reads = 0;
    let time = 0;
    const reader = createContentVersionReader(async () => String(++reads), { intervalMs: 1000, now: () => time });
    expect(await reader()).toBe("1");
    time = 500;
    expect(await reader()).toBe("1");
    time = 1000;
    expect(await reader()).toBe("2");
    reader.changed();
    expect(reader.peek()).toBeUndefined();
    time = 1100;
    expect(await reader()).toBe("3");
    // One read after a change, then back to one read per interval.
    time = 1200;
    expect(await reader()).toBe("3");
    expect(reader.peek()).toBe("3");
    time = 2100;
    expect(reader.peek()).toBeUndefined();
    expect(await reader()).toBe("4");
  });

  it("neither keeps nor shares a read begun before a change", async () => {
    const answers: Array<(version: string) => void> = [];
    const reader = createContentVersionReader(() => new Promise<string>((resolve) => answers.push(resolve)), { now: () => 0 });
    const before = reader();
    // Concurrent requests share one read…
    const sameRead = reader();
    expect(answers).toHaveLength(1);
    reader.changed();
    // …but not one begun before the change: that may have seen the database before the commit.
    const after = reader();
    expect(answers).toHaveLength(2);
    answers[0]?.("old");
    answers[1]?.("new");
    await expect(before).resolves.toBe("old");
    await expect(sameRead).resolves.toBe("old");
    await expect(after).resolves.toBe("new");
    // The late answer of the older read did not replace the newer one.
    expect(reader.peek()).toBe("new");
    await expect(reader()).resolves.toBe("new");
    expect(answers).toHaveLength(2);
  });
});

describe("the fast path", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server answering hits from the cache and everything else with "slow" (as the app would). */
  async function serve(peekVersion: () => string | undefined) {
    const cache = new PageCache({
      contentVersion: async () => "1",
      peekContentVersion: peekVersion,
      render: async (_request, nonce) => html(`Bienvenidos ${"a la iglesia ".repeat(200)}`, nonce),
    });
    const answer = createCachedAnswer({
      https: false,
      contentSecurityPolicy: (hashes) => `script-src 'self' ${hashes.join(" ")}`,
      securityHeaders: { "X-Content-Type-Options": "nosniff" },
    });
    const fastPath = createPageCacheFastPath(cache, answer, isSharedPage);
    server = createServer((req, res) => {
      if (!fastPath(req, res)) res.end("slow");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    /** A raw GET (fetch would decompress and hide the encoding). */
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    return { cache, answer, get };
  }

  it("answers a stored page at once, gzipped or not, with its scripts' hashes, and 304s without a CSP", async () => {
    const { cache, get } = await serve(() => "1");
    expect((await get("/about")).body.toString()).toBe("slow");
    await cache.lookup("en /about", "en", () => new Request("http://church.test/about"));

    const plain = await get("/about");
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(plain.headers["content-security-policy"]).toBe(`script-src 'self' ${sha256("go()")}`);
    expect(plain.body.toString()).toMatch(/<script>go\(\)<\/script><\/body><\/html>$/);
    expect(plain.body.toString()).not.toContain("nonce");
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    // The same bytes for everyone.
    expect((await get("/about")).body.equals(plain.body)).toBe(true);

    const zipped = await get("/about", { "Accept-Encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 5);

    const head = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port: (server!.address() as AddressInfo).port, path: "/about", method: "HEAD" }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ headers: res.headers, body }));
      })
        .on("error", reject)
        .end();
    });
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String(plain.body.length));

    const notModified = await get("/about", { "If-None-Match": String(plain.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect(notModified.headers.etag).toBe(plain.headers.etag);

    const languageLink = await get("/about?lang=es");
    expect(languageLink.body.toString()).toBe("slow");
    await cache.lookup("es /about?lang=es", "es", () => new Request("http://church.test/about?lang=es"));
    expect((await get("/about?lang=es")).headers["set-cookie"]?.[0]).toMatch(/^lang=es;/);
    // Anyone with a session, and anything not a page, goes on to the app.
    expect((await get("/about", { Cookie: "church.session_token=x" })).body.toString()).toBe("slow");
    expect((await get("/about.data")).body.toString()).toBe("slow");
  });

  it("leaves a hit to the app while the content version must be read again", async () => {
    let version: string | undefined = "1";
    const { cache, get } = await serve(() => version);
    await cache.lookup("en /", "en", () => new Request("http://church.test/"));
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    version = undefined;
    expect((await get("/")).body.toString()).toBe("slow");
    version = "2";
    expect((await get("/")).body.toString()).toBe("slow");
  });
});

describe("renders and unshared answers end with their visitors (issue 32)", () => {
  it("aborts a shared render only when every visitor waiting for it has gone", async () => {
    let signal: AbortSignal | undefined;
    let finish: (response: Response) => void = () => {};
    const cache = new PageCache({
      contentVersion: async () => "1",
      render: (request) => {
        signal = request.signal;
        return new Promise<Response>((resolve) => (finish = resolve));
      },
    });
    const build = (s: AbortSignal) => new Request("http://church.test/events", { signal: s });
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.lookup("en /events", "en", build, first.signal);
    const b = cache.lookup("en /events", "en", build, second.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(signal?.aborted).toBe(false);
    first.abort();
    // One visitor still waits: the render goes on for them.
    expect(signal?.aborted).toBe(false);
    second.abort();
    expect(signal?.aborted).toBe(true);
    // An aborted render's answer is neither kept, nor remembered as a refusal, nor a stale stand-in.
    finish(new Response("aborted", { status: 500 }));
    expect((await a).kind).toBe("uncacheable");
    expect(cache.stats).toMatchObject({ entries: 0, stale: 0 });
    // The other visitor was told to render for itself (it has gone too: nothing waits for it).
    await new Promise((resolve) => setTimeout(resolve, 5));
    finish(html("Events", "n"));
    expect((await b).kind).toBe("uncacheable");
    // The next visitor starts a render of its own, which is kept.
    const next = cache.lookup("en /events", "en", build, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    finish(html("Events", "n"));
    expect((await next).kind).toBe("miss");
  });

  it("gives a visitor's own render the visitor's signal", async () => {
    let signal: AbortSignal | undefined;
    const cache = new PageCache({
      contentVersion: async () => "1",
      render: async (request, nonce) => {
        signal = request.signal;
        return html("Just for you", nonce, { headers: { "Cache-Control": "no-store" } });
      },
    });
    const build = (s: AbortSignal) => new Request("http://church.test/give", { signal: s });
    await cache.lookup("en /give", "en", build);
    // Refused: the next requester waits for nobody else and renders with its own signal.
    const visitor = new AbortController();
    const result = await cache.lookup("en /give", "en", build, visitor.signal);
    expect(result.kind).toBe("uncacheable");
    expect(signal?.aborted).toBe(false);
    visitor.abort();
    expect(signal?.aborted).toBe(true);
  });

  it("hands back an answer it will not keep without reading its body, and reads a kept one only up to the entry limit", async () => {
    let pulls = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls += 1;
          controller.enqueue(new TextEncoder().encode("data: x\n\n"));
        },
      });
    const cache = new PageCache({
      contentVersion: async () => "1",
      maxEntryBytes: 1024,
      render: async (request) =>
        new URL(request.url).pathname === "/stream"
          ? new Response(endless(), { headers: { "Content-Type": "text/event-stream" } })
          : new Response(endless(), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    });
    const stream = await cache.lookup("en /stream", "en", () => new Request("http://church.test/stream"));
    expect(stream.kind).toBe("uncacheable");
    // At most what the stream queues by itself: nothing was read.
    expect(pulls).toBeLessThanOrEqual(1);
    const page = await cache.lookup("en /page", "en", () => new Request("http://church.test/page"));
    expect(page.kind).toBe("uncacheable");
    // Read up to just past 1 KB (9 bytes a pull), then handed on with what was read.
    expect(pulls).toBeLessThan(1024 / 9 + 5);
    if (page.kind !== "uncacheable") throw new Error("expected the answer");
    const reader = page.response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: x\n\n");
    await reader.cancel();
  });

  it("streams an unshared answer to its visitor and, when the visitor hangs up, cancels it and aborts its render", async () => {
    const express = (await import("express")).default;
    let cancelled = false;
    let renderSignal: AbortSignal | undefined;
    const cache = new PageCache({
      contentVersion: async () => "1",
      render: async (request) => {
        renderSignal = request.signal;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("<p>first</p>"));
          },
          cancel() {
            cancelled = true;
          },
        });
        // Never ends by itself, and must not be shared.
        return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
      },
    });
    const answer = createCachedAnswer({ https: false, contentSecurityPolicy: () => "", securityHeaders: {} });
    const app = express();
    app.use(
      pageCacheMiddleware({
        cache,
        answer,
        origin: () => "http://church.test",
        contentSecurityPolicy: (nonce) => `script-src 'nonce-${nonce}'`,
        securityHeaders: { "X-Content-Type-Options": "nosniff" },
        isSharedPage,
      }),
    );
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const first = await new Promise<{ status: number; chunk: string; destroy: () => void }>((resolve, reject) => {
        const request = httpRequest({ host: "127.0.0.1", port, path: "/give", headers: { "Accept-Encoding": "identity" } }, (res) => {
          res.once("data", (chunk: Buffer) =>
            resolve({ status: res.statusCode!, chunk: chunk.toString(), destroy: () => request.destroy() }),
          );
        });
        request.on("error", reject).end();
        setTimeout(() => reject(new Error("nothing arrived: the answer was buffered")), 3000);
      });
      expect(first.status).toBe(200);
      expect(first.chunk).toBe("<p>first</p>");
      expect(renderSignal?.aborted).toBe(false);
      first.destroy();
      const deadline = Date.now() + 3000;
      while (!(cancelled && renderSignal?.aborted) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(cancelled).toBe(true);
      expect(renderSignal?.aborted).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
