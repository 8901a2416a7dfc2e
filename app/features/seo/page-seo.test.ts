import type { MetaDescriptor } from "react-router";
import { describe, expect, test } from "vitest";
import { localizedUrl, seoMeta, type PageSeo } from "./page-seo";

const base: PageSeo = {
  title: "About",
  description: "Our story, vision and values.",
  siteName: "Living Hope Church",
  language: "en",
  siteUrl: "https://church.example",
  path: "/about",
};

const find = (tags: MetaDescriptor[], predicate: (t: Record<string, unknown>) => boolean) =>
  tags.filter((t) => predicate(t as Record<string, unknown>)) as Array<Record<string, unknown>>;
const property = (tags: MetaDescriptor[], name: string) => find(tags, (t) => t.property === name).map((t) => t.content);

describe("localizedUrl", () => {
  test("English (the default) is the plain path; Spanish adds ?lang=es", () => {
    expect(localizedUrl("https://c.example", "/events", "es")).toBe("https://c.example/events?lang=es");
    expect(localizedUrl("https://c.example", "/events", "en")).toBe("https://c.example/events");
    expect(localizedUrl("https://c.example", "/events")).toBe("https://c.example/events");
  });
});

describe("seoMeta", () => {
  test("nothing when the page has no SEO data", () => {
    expect(seoMeta(undefined)).toEqual([]);
  });

  test("title: 'Page | Site', and the site name alone on home", () => {
    expect(find(seoMeta(base), (t) => "title" in t)).toEqual([{ title: "About | Living Hope Church" }]);
    expect(find(seoMeta({ ...base, path: "/" }), (t) => "title" in t)).toEqual([{ title: "Living Hope Church" }]);
  });

  test("description, canonical in the page's language, hreflang alternates and x-default", () => {
    const tags = seoMeta({ ...base, language: "es", title: "Quiénes somos", siteName: "Iglesia Esperanza Viva" });
    expect(find(tags, (t) => t.name === "description")).toEqual([{ name: "description", content: base.description }]);
    expect(find(tags, (t) => t.rel === "canonical").map((t) => t.href)).toEqual(["https://church.example/about?lang=es"]);
    const alternates = find(tags, (t) => t.rel === "alternate").map((t) => `${String(t.hrefLang)} ${String(t.href)}`);
    expect(alternates).toEqual([
      "en https://church.example/about",
      "es https://church.example/about?lang=es",
      "x-default https://church.example/about",
    ]);
  });

  test("Open Graph in the page's language", () => {
    const english = seoMeta(base);
    expect(property(english, "og:title")).toEqual(["About"]);
    expect(property(english, "og:url")).toEqual(["https://church.example/about"]);
    expect(find(english, (t) => t.rel === "canonical").map((t) => t.href)).toEqual(["https://church.example/about"]);
    expect(property(english, "og:locale")).toEqual(["en_US"]);
    expect(property(english, "og:locale:alternate")).toEqual(["es_US"]);
    expect(property(english, "og:site_name")).toEqual(["Living Hope Church"]);

    const spanish = seoMeta({ ...base, language: "es" });
    expect(property(spanish, "og:locale")).toEqual(["es_US"]);
    expect(property(spanish, "og:locale:alternate")).toEqual(["en_US"]);
  });

  test("an image becomes an absolute og:image and a large Twitter card", () => {
    const withImage = seoMeta({ ...base, imageUrl: "/media/demo/og-image.jpg" });
    expect(property(withImage, "og:image")).toEqual(["https://church.example/media/demo/og-image.jpg"]);
    expect(find(withImage, (t) => t.name === "twitter:card")[0]!.content).toBe("summary_large_image");

    const without = seoMeta(base);
    expect(property(without, "og:image")).toEqual([]);
    expect(find(without, (t) => t.name === "twitter:card")[0]!.content).toBe("summary");
  });

  test("JSON-LD objects become ld+json script descriptors", () => {
    const jsonLd = [{ "@context": "https://schema.org", "@type": "Church", name: "Living Hope Church" }];
    const tags = seoMeta({ ...base, jsonLd });
    expect(find(tags, (t) => "script:ld+json" in t)).toEqual([{ "script:ld+json": jsonLd[0] }]);
  });
});

describe("canonical and hreflang links on an odd request path (issue 32 item 6)", () => {
  test.each(["//evil.example/phish", "/\\evil.example", "/%5Cevil.example", "///evil.example", "/.//evil.example"])(
    "%j: every link is on the site, from the normalised path",
    (path) => {
      const tags = seoMeta({ ...base, path });
      const hrefs = find(tags, (t) => t.rel === "canonical" || t.rel === "alternate").map((t) => String(t.href));
      hrefs.push(...property(tags, "og:url").map(String));
      expect(hrefs).toHaveLength(5);
      for (const href of hrefs) {
        expect(href, href).toMatch(/^https:\/\/church\.example\/evil\.example(?:\/phish)?(?:\?lang=es)?$/);
      }
    },
  );
});
