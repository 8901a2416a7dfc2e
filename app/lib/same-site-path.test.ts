import { describe, expect, test } from "vitest";
import { sameSitePath } from "./same-site-path";

const SITE = "https://church.example";

/** What a browser on the site makes of `href`: its origin must stay the site's. */
function followed(href: string): URL {
  return new URL(href, `${SITE}/somewhere/page?x=1`);
}

describe("sameSitePath", () => {
  test("keeps an ordinary path with its query and hash", () => {
    expect(sameSitePath("/")).toBe("/");
    expect(sameSitePath("/sermons")).toBe("/sermons");
    expect(sameSitePath("/events?month=5&lang=es#rsvp")).toBe("/events?month=5&lang=es#rsvp");
    expect(sameSitePath("/about/")).toBe("/about/");
    // Slashes inside the path are the page's business, not a host.
    expect(sameSitePath("/about//evil.example")).toBe("/about//evil.example");
    expect(sameSitePath("/community/discussions/42?topics=2")).toBe("/community/discussions/42?topics=2");
  });

  // Issue 32 item 6: the request paths that turned the language switcher into a link off-site.
  const hostile: Array<[string, string]> = [
    ["//evil.example/phish", "/evil.example/phish"],
    ["//evil.example/phish?lang=es", "/evil.example/phish?lang=es"],
    ["///evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example", "/evil.example"],
    ["\\/evil.example", "/evil.example"],
    ["/\\/evil.example", "/evil.example"],
    ["/%2F%2Fevil.example", "/evil.example"],
    ["/%2f/evil.example", "/evil.example"],
    ["/%5Cevil.example", "/evil.example"],
    ["/%5c%5cevil.example", "/evil.example"],
    ["/\t/evil.example", "/evil.example"],
    ["/\n/evil.example", "/evil.example"],
    ["/\r\n/evil.example", "/evil.example"],
    [" //evil.example", "/evil.example"],
    ["\u0001//evil.example", "/evil.example"],
    // The parser's own dot-segment removal makes a leading `//` from a single slash.
    ["/.//evil.example", "/evil.example"],
    ["/%2e//evil.example", "/evil.example"],
    ["/admin/..//evil.example", "/evil.example"],
    ["/a/../..//evil.example", "/evil.example"],
    ["/%2F./%2F./evil.example", "/evil.example"],
  ];

  test.each(hostile)("%j becomes the same-site path %j", (input, expected) => {
    const path = sameSitePath(input);
    expect(path).toBe(expected);
    expect(path).toMatch(/^\/(?![/\\])/);
    expect(followed(path).origin).toBe(SITE);
  });

  test("an address on another origin, or none, is the fallback", () => {
    for (const value of [
      null,
      undefined,
      "",
      "https://evil.example/",
      "http://evil.example/phish",
      "https:evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:someone@evil.example",
    ]) {
      expect(sameSitePath(value), String(value)).toBe("/");
      expect(sameSitePath(value, { fallback: "/admin" }), String(value)).toBe("/admin");
    }
  });

  test("an absolute URL on the site's own origin is its path, when the origin is given", () => {
    expect(sameSitePath(`${SITE}/about?lang=es`, { origin: SITE })).toBe("/about?lang=es");
    expect(sameSitePath(`${SITE}//evil.example`, { origin: `${SITE}/` })).toBe("/evil.example");
    expect(sameSitePath(`${SITE}/about`)).toBe("/");
    expect(sameSitePath("https://church.example.evil.example/about", { origin: SITE })).toBe("/");
    expect(sameSitePath("//evil.example/phish", { origin: SITE })).toBe("/evil.example/phish");
  });

  test("the answer is already normal: a second pass changes nothing", () => {
    for (const [input] of hostile) {
      const once = sameSitePath(input);
      expect(sameSitePath(once)).toBe(once);
    }
    expect(sameSitePath("/se\u00f1or a")).toBe("/se%C3%B1or%20a");
  });
});
