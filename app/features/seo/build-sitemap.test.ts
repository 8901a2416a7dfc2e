import { describe, expect, test } from "vitest";
import { publicPaths } from "~/features/navigation/site-links";
import { buildSitemap, indexedPaths } from "./build-sitemap";

const site = "https://church.example";

function urlBlocks(xml: string): string[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
}

describe("buildSitemap", () => {
  const xml = buildSitemap(site);

  test("is a sitemap document with the xhtml namespace for alternates", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  test("one <url> per indexed page and language", () => {
    const locs = urlBlocks(xml).map((block) => /<loc>([^<]+)<\/loc>/.exec(block)![1]);
    // English, the default language, is the plain path; Spanish adds ?lang=es.
    const expected = indexedPaths.flatMap((p) => [`${site}${p}`, `${site}${p}?lang=es`]);
    expect(locs).toEqual(expected);
  });

  test("every public page is listed except sign-in plumbing and member settings", () => {
    expect(indexedPaths).not.toContain("/auth/callback");
    expect(indexedPaths).not.toContain("/settings");
    expect([...indexedPaths].sort()).toEqual(publicPaths.filter((p) => p !== "/auth/callback" && p !== "/settings").sort());
    expect(xml).not.toContain("/auth/callback");
    expect(xml).not.toContain("/admin");
  });

  test("each entry lists its en, es and x-default alternates", () => {
    const block = urlBlocks(xml).find((b) => b.includes(`<loc>${site}/about?lang=es</loc>`))!;
    expect(block).toContain(`hreflang="en" href="${site}/about"`);
    expect(block).toContain(`hreflang="es" href="${site}/about?lang=es"`);
    expect(block).toContain(`hreflang="x-default" href="${site}/about"`);
    for (const b of urlBlocks(xml)) expect(b.match(/xhtml:link/g)).toHaveLength(3);
  });

  test("escapes XML special characters in the site URL", () => {
    const escaped = buildSitemap("https://x.example/a&b");
    expect(escaped).toContain("<loc>https://x.example/a&amp;b/about?lang=es</loc>");
    expect(escaped).not.toMatch(/&(?!amp;|lt;|gt;)/);
  });

  test("content pages follow the fixed pages, each in both languages", () => {
    const withContent = buildSitemap(site, ["/sermons/new-wine", "/events/fish-fry"]);
    const locs = urlBlocks(withContent).map((block) => /<loc>([^<]+)<\/loc>/.exec(block)![1]);
    expect(locs.slice(-4)).toEqual([
      `${site}/sermons/new-wine`,
      `${site}/sermons/new-wine?lang=es`,
      `${site}/events/fish-fry`,
      `${site}/events/fish-fry?lang=es`,
    ]);
  });
});
