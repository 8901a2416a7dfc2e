// Issue 32 item 6 (an outside security tester's report): on `//evil.example/phish` the
// not-found page's language switcher linked to `//evil.example/phish?lang=es`, which a browser
// follows to evil.example; `/\evil.example` the same. Every same-site link and redirect made
// from the request's own address now goes through sameSitePath()
// (app/lib/same-site-path.ts). Over HTTP against the production server
// (`node server.js` on a snapshot of build/): only there does the path reach the page as a
// client wrote it, through Node's parser, Express, the page cache and React Router's request.
// The admin login's redirect target is checked on the route module (on the default test backend).
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as loginLoader } from "~/routes/admin/login";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { describeOnBackend } from "../support/test-database";

/** Request targets as the tester sent them, and the variants a browser or the URL parser reads the same way. */
const HOSTILE_PATHS = [
  "//evil.example/phish",
  "//evil.example/phish?lang=es",
  "/\\evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "///evil.example",
  "/%2F%2Fevil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/%09/evil.example",
  "//evil.example/admin/login",
  "//evil.example/sermons",
];

const htmlDecode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

interface RawAnswer {
  status: number;
  location: string | null;
  html: string;
}

/** A GET with the request target written exactly as given (fetch would normalise `\` and dot segments first). */
function rawGet(base: string, target: string, cookie = ""): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path: target, method: "GET", headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } },
      (res) => {
        let html = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (html += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, html }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Where a browser on `pageUrl` goes for `href`: on the site, and not at a path that is itself `//host`. */
function staysOnSite(href: string, pageUrl: string, site: string): boolean {
  const target = new URL(href, pageUrl);
  return target.origin === new URL(site).origin && !/^\/[/\\]/.test(target.pathname);
}

/** Written as a single `/` path or an absolute URL on the site itself: nothing a browser reads as another host. */
function isSameSiteHref(href: string, site: string): boolean {
  return /^\/(?![/\\])/.test(href) || href.startsWith(`${site}/`);
}

describe("same-site links on hostile request paths (production server)", () => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let server: AppServer;

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-same-site-"));
    server = await startAppServer({ cwd: snapshot.dir, dataDir, env: { LOG_LEVEL: "error" } });
    // A page in the page cache: a hostile path that the cache maps onto it is answered from there.
    for (let i = 0; i < 2; i++) await rawGet(server.baseURL, "/sermons");
  });
  afterAll(async () => {
    await server?.stop();
    snapshot?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [language, cookie] of [
    ["en", ""],
    ["es", "lang=es"],
  ] as const) {
    test(`the language switcher, canonical and hreflang links stay on the site (${language})`, async () => {
      const site = server.baseURL;
      for (const target of HOSTILE_PATHS) {
        const label = `${target} (${language})`;
        const answer = await rawGet(site, target, cookie);
        expect(answer.status, label).toBeLessThan(500);
        const pageUrl = `${site}${target.startsWith("/") ? "" : "/"}${target}`;
        if (answer.location !== null) {
          expect(staysOnSite(answer.location, pageUrl, site), `${label} → ${answer.location}`).toBe(true);
          continue;
        }
        // The switcher: in the header and in the mobile menu, each an <a hreflang>.
        const switchers = [...answer.html.matchAll(/<a\b[^>]*\shreflang="[^"]*"[^>]*>/gi)].map((m) =>
          htmlDecode(/\shref="([^"]*)"/.exec(m[0])?.[1] ?? ""),
        );
        expect(switchers.length, `${label}: no language switcher`).toBeGreaterThan(0);
        const alternates = [...answer.html.matchAll(/<link\b[^>]*\srel="(?:canonical|alternate)"[^>]*>/gi)]
          .filter((m) => !/type="application\//.test(m[0]))
          .map((m) => htmlDecode(/\shref="([^"]*)"/.exec(m[0])?.[1] ?? ""));
        for (const href of [...switchers, ...alternates]) {
          expect(isSameSiteHref(href, site), `${label}: href ${JSON.stringify(href)}`).toBe(true);
          expect(staysOnSite(href, pageUrl, site), `${label}: href ${JSON.stringify(href)}`).toBe(true);
        }
        // To the other language than the page's (`?lang=` in the target beats the cookie).
        const shown = /[?&]lang=es\b/.test(target) ? "es" : language;
        for (const href of switchers) expect(href, label).toMatch(shown === "es" ? /[?&]lang=en(?:&|#|$)/ : /[?&]lang=es(?:&|#|$)/);
        // Nothing else in the page is written as a scheme-relative address either.
        const attributes = [...answer.html.matchAll(/\s(?:href|src|action|formaction)="([^"]*)"/gi)].map((m) =>
          htmlDecode(m[1]!)
            .replace(/[\t\n\r]/g, "")
            .trimStart(),
        );
        expect(
          attributes.filter((value) => /^[/\\]{2}/.test(value)),
          `${label}: scheme-relative addresses`,
        ).toEqual([]);
      }
    });
  }

  test("the switcher names the normalised path itself", async () => {
    const site = server.baseURL;
    for (const [target, expected] of [
      ["//evil.example/phish", "/evil.example/phish?lang=es"],
      ["/\\evil.example", "/evil.example?lang=es"],
      ["/%5Cevil.example", "/evil.example?lang=es"],
      ["///evil.example", "/evil.example?lang=es"],
    ] as const) {
      const answer = await rawGet(site, target);
      const switcher = /<a\b[^>]*\shreflang="es"[^>]*>/i.exec(answer.html)?.[0] ?? "";
      expect(htmlDecode(/\shref="([^"]*)"/.exec(switcher)?.[1] ?? ""), target).toBe(expected);
    }
  });

  test("an admin path written with extra slashes or backslashes redirects to the login page on this site", async () => {
    const site = server.baseURL;
    for (const target of [
      "/admin//evil.example",
      "/admin/\\evil.example",
      "/admin/%5Cevil.example",
      "/admin/..//evil.example/x",
      "/admin/.%2F%2Fevil.example",
    ]) {
      const answer = await rawGet(site, target);
      if (answer.location === null) continue;
      expect(staysOnSite(answer.location, `${site}${target}`, site), `${target} → ${answer.location}`).toBe(true);
    }
  });
});

describeOnBackend("the admin login's redirect target (route module)", (backend) => {
  let h: AdminHarness;
  let admin: TestAdmin;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    admin = await h.createAdmin({ scopes: ["content"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  test("a redirectTo that the URL parser turns into `//host` or a path outside the portal lands on /admin", async () => {
    for (const target of [
      "/admin/..//evil.example",
      "/admin/%2e%2e//evil.example",
      "/admin/./..//evil.example/x",
      "/admin/../give",
      "/admin/%2e%2e/auth",
      "/administrator",
    ]) {
      const answer = await h.call(loginLoader as never, {
        path: `/admin/login?redirectTo=${encodeURIComponent(target)}`,
        cookie: admin.cookie,
      });
      expect(answer.status, target).toBe(302);
      const location = answer.headers.get("location")!;
      expect(location, target).toBe("/admin");
    }
    // A path inside the portal is kept, query included.
    const kept = await h.call(loginLoader as never, {
      path: `/admin/login?redirectTo=${encodeURIComponent("/admin/users?q=ana")}`,
      cookie: admin.cookie,
    });
    expect(kept.headers.get("location")).toBe("/admin/users?q=ana");
  });
});
