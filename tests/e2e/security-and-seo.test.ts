import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("security headers", () => {
  /** The inline scripts a page runs (not external files, not data blocks such as JSON-LD). */
  function inlineScripts(html: string): { attributes: string; text: string }[] {
    return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .map((m) => ({ attributes: m[1]!, text: m[2]! }))
      .filter(({ attributes }) => !/\bsrc=/.test(attributes) && !/\btype="application\/(?:ld\+)?json"/.test(attributes));
  }

  function expectStrictPolicy(policy: Map<string, string[]>) {
    const scriptSrc = policy.get("script-src") ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  }

  test("a page rendered for one answer carries a CSP with a fresh nonce that its scripts use", async () => {
    // Any cookie but the language makes the page its own render (no page cache).
    const first = await fetch(`${baseURL}/`, { headers: { Cookie: "e2e=1" } });
    expect(first.headers.get("x-page-cache")).toBe("bypass");
    const policy = directives(first.headers.get("content-security-policy") ?? "");
    expectStrictPolicy(policy);
    const scriptSrc = policy.get("script-src") ?? [];
    const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, `script-src: ${scriptSrc.join(" ")}`).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const scripts = inlineScripts(await first.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes } of scripts) expect(attributes, "an inline <script> without the nonce").toContain(`nonce="${nonce}"`);

    const second = await fetch(`${baseURL}/`, { headers: { Cookie: "e2e=1" } });
    await second.text();
    const secondNonce = second.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)?.[1];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);
  });

  test("a page from the page cache allows exactly its inline scripts by hash: they run, an injected one does not", async () => {
    await (await fetch(`${baseURL}/`)).text();
    const stored = await fetch(`${baseURL}/`);
    expect(stored.headers.get("x-page-cache")).toBe("hit");
    const csp = stored.headers.get("content-security-policy")!;
    const policy = directives(csp);
    expectStrictPolicy(policy);
    const html = await stored.text();
    // The same bytes for everyone (a CDN may hold them): no nonce, in the policy or the page.
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toMatch(/\snonce=/);
    const hashes = inlineScripts(html).map(({ text }) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect([...(policy.get("script-src") ?? [])].sort()).toEqual(["'self'", ...new Set(hashes)].sort());

    // In the browser: every script runs (the page hydrates, the starter's module script
    // included), and the policy reports nothing.
    const violations = async (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    const recordViolations = () => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener("securitypolicyviolation", (event) => w.violations.push(event.violatedDirective));
    };
    const page = await browser.newPage();
    await page.addInitScript(recordViolations);
    const answers: (string | undefined)[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "document") answers.push(response.headers()["x-page-cache"]);
    });
    await visit(page, "/");
    expect(answers).toEqual(["hit"]);
    expect(await violations(page)).toEqual([]);

    // A script slipped into the stored bytes is not among the hashes: blocked and reported.
    const tampered = await browser.newPage({ allowConsoleErrors: [/Content Security Policy/] });
    await tampered.addInitScript(recordViolations);
    await tampered.route(`${baseURL}/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("</body>", "<script>window.injected = true</script></body>");
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
      );
      await route.fulfill({ response, headers, body });
    });
    await tampered.goto("/", { waitUntil: "load" });
    await expect.poll(() => violations(tampered)).toEqual(["script-src-elem"]);
    expect(await tampered.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  test("X-Content-Type-Options, Referrer-Policy and framing protection on pages and assets", async () => {
    const page = await fetch(`${baseURL}/about`);
    await page.text();
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toMatch(/^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/);
    expect(page.headers.get("x-powered-by")).toBeNull();

    const robots = await fetch(`${baseURL}/robots.txt`);
    await robots.text();
    expect(robots.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a page whose address holds a secret: its own Referrer-Policy, once, and its robots and cache rules", async () => {
    // Fetch joins repeated headers with ", ": one value means one header line.
    const pages = [
      // The registration a cancel link opens (no `headers` export: the loader's headers are carried over).
      { path: "/events/registration?token=not-a-real-token", status: 404, referrer: "no-referrer", robots: "noindex" },
      // The sign-in pages (their `headers` export).
      { path: "/auth/reset-password?token=not-a-real-token", status: 400, referrer: "same-origin", robots: null },
      { path: "/auth/callback?token=not-a-real-token", status: 400, referrer: "no-referrer", robots: null },
    ];
    for (const { path, status, referrer, robots } of pages) {
      const page = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      await page.text();
      expect(page.status, path).toBe(status);
      expect(page.headers.get("referrer-policy"), path).toBe(referrer);
      expect(page.headers.get("x-robots-tag"), path).toBe(robots);
      expect(page.headers.get("cache-control"), path).toBe("no-store");
      expect(page.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  test("no CSP violation and no console error while the home page and the about page load and run", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => {
        w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
      });
    });
    for (const path of ["/", "/about", "/?lang=es"]) {
      await visit(page, path);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), path).toEqual([]);
    }
    // console.error (where Chromium reports CSP refusals) is checked after every test.
  });
});

describe("SEO and operations endpoints", () => {
  test("sitemap.xml is XML listing every indexed page in both languages", async () => {
    const response = await fetch(`${baseURL}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^(application|text)\/xml/);
    const xml = await response.text();
    expect(xml.startsWith("<?xml")).toBe(true);
    expect(xml).toContain("<urlset");
    for (const path of ["/", "/about", "/events", "/plan-visit"]) {
      expect(xml).toContain(`${path}</loc>`);
      expect(xml).toContain(`${path}?lang=es</loc>`);
    }
    expect(xml).not.toContain("/auth/callback");
    expect(xml).not.toContain("/admin");
    // Published content pages too: a demo sermon and a demo study group, in both languages.
    expect(xml).toContain("/sermons/new-wine</loc>");
    expect(xml).toContain("/sermons/new-wine?lang=es</loc>");
    expect(xml).toMatch(/\/community\/groups\/[a-z0-9-]+<\/loc>/);
  });

  test("robots.txt is plain text pointing at the sitemap", async () => {
    const response = await fetch(`${baseURL}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toMatch(/^Disallow: \/admin/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test("/healthz and /readyz answer 200 JSON", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      await response.json();
    }
  });

  test("home page: schema.org Church JSON-LD with address and service times, Open Graph tags", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const church = blocks.find((b) => b["@type"] === "Church");
    expect(church, "a JSON-LD block with @type Church").toBeTruthy();
    expect(JSON.stringify(church)).toContain("Harvest Grove Road");
    expect(JSON.stringify(church)).toMatch(/11:00/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:locale" content="en_US"/);
  });
});

describe("CSRF", () => {
  const form = new URLSearchParams({ intent: "magic-link", email: "someone@example.test" });
  const post = (headers: Record<string, string>) =>
    fetch(`${baseURL}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: form,
      redirect: "manual",
    });

  test("a form posted from another site is refused before it reaches the app", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Cross-site request refused");
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
  });

  test("a body over 64 KB is refused with 413 before the app reads it", async () => {
    const origin = new URL(baseURL).origin;
    const big = await fetch(`${baseURL}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ intent: "magic-link", email: "x".repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("Request too large");
    // Just under the limit, the app answers with its own 4xx message.
    const under = await fetch(`${baseURL}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "application/json" },
      body: new URLSearchParams({ intent: "magic-link", email: "x".repeat(60 * 1024) }),
    });
    expect(under.status).toBe(400);
  });

  test("a photo-sized post to /community needs a valid member session before it is read", async () => {
    const origin = new URL(baseURL).origin;
    const photo = () => {
      const form = new FormData();
      form.set("intent", "gallery-submit");
      form.set("title", "Picnic");
      form.set("file", new Blob([new Uint8Array(1024 * 1024)], { type: "image/jpeg" }), "picnic.jpg");
      return form;
    };
    const visitor = await fetch(`${baseURL}/community`, { method: "POST", headers: { origin }, body: photo() });
    expect(visitor.status).toBe(413);
    // A cookie that only looks like a session is refused the same way (issue 32, finding 10: a
    // forged one lifted the limit to 9 MB). A real member's post: request-hardening.test.ts §10.
    const withCookie = await fetch(`${baseURL}/community`, {
      method: "POST",
      headers: { origin, cookie: "church.session_token=not-a-session" },
      body: photo(),
    });
    expect(withCookie.status).toBe(413);
  });

  test("the same form from the site's own origin is accepted", async () => {
    const response = await post({ origin: new URL(baseURL).origin });
    expect(response.status).toBeLessThan(400);
  });
});
