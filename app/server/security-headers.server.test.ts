import { describe, expect, test } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, frameSources } from "./security-headers.server";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("createNonce", () => {
  test("128 random bits, base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("contentSecurityPolicy", () => {
  const nonce = "abc123NONCE==";
  const csp = directives(contentSecurityPolicy({ nonce }, { https: false }));

  test("scripts only from the site and with this response's nonce", () => {
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  test("or, for a stored page, with these hashes (none: only the site's files)", () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const stored = directives(contentSecurityPolicy({ hashes }, { https: false }));
    expect(stored.get("script-src")).toEqual(["'self'", ...hashes]);
    expect([...stored.keys()]).toEqual([...csp.keys()]);
    expect(directives(contentSecurityPolicy({ hashes: [] }, { https: false })).get("script-src")).toEqual(["'self'"]);
  });

  test("locks down framing, plugins, base URI and form targets", () => {
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    // Forms post to the site; its answer may redirect to Stripe's hosted pages only.
    expect(csp.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com", "https://billing.stripe.com"]);
    expect(
      directives(contentSecurityPolicy({ nonce }, { https: false, formTargets: ["http://127.0.0.1:12111"] })).get("form-action"),
    ).toContain("http://127.0.0.1:12111");
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // Live HLS streams and hosted sermon media: HTTPS only.
    expect(csp.get("connect-src")).toEqual(["'self'", "https:"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "https:"]);
  });

  test("frames only the map and video embeds, all over HTTPS", () => {
    expect(csp.get("frame-src")).toEqual(frameSources);
    expect(frameSources.some((s) => s.includes("openstreetmap"))).toBe(true);
    for (const source of frameSources) expect(source).toMatch(/^https:\/\//);
  });

  test("upgrade-insecure-requests only when the site is served over HTTPS", () => {
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(directives(contentSecurityPolicy({ nonce }, { https: true })).has("upgrade-insecure-requests")).toBe(true);
  });

  test("no directive appears twice", () => {
    const names = contentSecurityPolicy({ nonce }, { https: true })
      .split(";")
      .map((d) => d.trim().split(/\s+/)[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("baseSecurityHeaders", () => {
  test("nosniff, a referrer policy and no framing on every response", () => {
    const headers = baseSecurityHeaders({ https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  test("HSTS only over HTTPS", () => {
    expect(baseSecurityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d{7,}/);
  });
});
