// The public sermons archive (issue 6): full-text search in both languages, series/topic
// filters, drafts never public, the sermon page, and the podcast feed read by two real parsers.
import { eq } from "drizzle-orm";
import { parseFeed } from "podcast-partytime";
import Parser from "rss-parser";
import { afterAll, beforeAll, expect, test } from "vitest";
import { churchSettings, sermonSeries, sermons } from "~/db/schema";
import { podcastGuid } from "~/features/sermons/uuid-v5";
import { loader as feedLoader } from "~/routes/sermons/feed";
import { loader as sermonLoader } from "~/routes/sermons/sermon";
import { loader as sermonsLoader } from "~/routes/sermons/sermons";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeEachBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
const withSlug =
  (fn: RouteFn, slug: string): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params: { slug } });

interface ListBody {
  q: string;
  total: number;
  page: number;
  pageCount: number;
  sermons: Array<{
    slug: string;
    title: string;
    dateLabel: string;
    series: { slug: string; title: string } | null;
    topics: Array<{ slug: string; name: string }>;
  }>;
  facets: { series: Array<{ slug: string; name: string; count: number }>; topics: Array<{ slug: string; name: string; count: number }> };
  feedUrl: string;
}

describeEachBackend("public sermons", (backend) => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    // A draft that would match every search below: it must never show.
    await h.database.handle.db.insert(sermons).values({
      slug: "secret-draft-on-prayer",
      titleEn: "Draft: prayer and faith and wisdom",
      titleEs: "Borrador: oración",
      summaryEn: "Not ready.",
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "John 1:1",
      preachedOn: "2099-01-01",
      status: "draft",
      audioUrl: "/media/sermons/new-wine.mp3",
      audioBytes: 1,
      audioMimeType: "audio/mpeg",
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (query: string, language: "en" | "es" = "en") => {
    const answer = await h.call(sermonsLoader, { path: `/sermons${query}`, language });
    expect(answer.status).toBe(200);
    return answer.body as ListBody;
  };
  const slugs = (body: ListBody) => body.sermons.map((s) => s.slug);

  test("the archive lists published sermons newest first, with series, topics and localized dates", async () => {
    const en = await list("");
    expect(en.total).toBe(7);
    expect(slugs(en).slice(0, 3)).toEqual(["new-wine", "come-and-see", "the-word-became-flesh"]);
    expect(slugs(en)).not.toContain("secret-draft-on-prayer");
    const wine = en.sermons[0]!;
    expect(wine.series).toEqual({ slug: "the-gospel-of-john", title: "The Gospel of John" });
    expect(wine.topics.map((t) => t.name)).toEqual(["Faith", "Grace"]);
    expect(wine.dateLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(en.facets.series).toEqual([
      { slug: "the-gospel-of-john", name: "The Gospel of John", count: 3 },
      { slug: "wisdom-for-everyday-life", name: "Wisdom for Everyday Life", count: 3 },
    ]);
    expect(en.facets.topics.find((t) => t.slug === "prayer")).toEqual({ slug: "prayer", name: "Prayer", count: 2 });
    expect(en.feedUrl).toBe("/sermons/feed.xml");

    const es = await list("", "es");
    expect(es.sermons[0]).toMatchObject({ title: "Vino nuevo", series: { title: "El Evangelio de Juan" } });
    expect(es.sermons[0]!.dateLabel).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    expect(es.facets.topics.map((t) => t.name)).toContain("Oración");
    expect(es.feedUrl).toBe("/sermons/feed.xml?lang=es");
  });

  test("a missing Spanish field falls back to English", async () => {
    const db = h.database.handle.db;
    await db.insert(sermons).values({
      slug: "english-only",
      titleEn: "English Only Sermon",
      summaryEn: "Only in English.",
      speaker: "Guest Speaker",
      preachedOn: "2001-01-07",
      status: "published",
    });
    try {
      const es = await list("?q=english+only", "es");
      expect(es.sermons[0]).toMatchObject({ slug: "english-only", title: "English Only Sermon" });
    } finally {
      await db.delete(sermons).where(eq(sermons.slug, "english-only"));
    }
  });

  test("search matches English stems, Spanish words with or without accents, speakers and books", async () => {
    expect(slugs(await list("?q=praying"))).toEqual(["a-house-of-prayer"]);
    // Accent-insensitive: "oracion" finds "Una casa de oración".
    expect(slugs(await list("?q=oracion", "es"))).toEqual(["a-house-of-prayer"]);
    expect(slugs(await list("?q=oraci%C3%B3n"))).toEqual(["a-house-of-prayer"]);
    expect(slugs(await list("?q=sabidur%C3%ADa"))).toEqual(["the-beginning-of-wisdom"]);
    // Typed without accents, where the Spanish stemmer alone would not fold them.
    expect(slugs(await list("?q=sabiduria", "es"))).toEqual(["the-beginning-of-wisdom"]);
    expect(slugs(await list("?q=Martinez")).sort()).toEqual(["a-gentle-answer", "a-house-of-prayer", "come-and-see"]);
    expect(slugs(await list("?q=vengan", "es"))).toEqual(["come-and-see"]);
    expect(slugs(await list("?q=Proverbs")).sort()).toEqual(["a-gentle-answer", "the-beginning-of-wisdom", "trust-in-the-lord"]);
    expect(slugs(await list("?q=Mart%C3%ADnez")).sort()).toEqual(["a-gentle-answer", "a-house-of-prayer", "come-and-see"]);
    // Ranked: the title match (weight A) comes before a summary-only match (weight B).
    const wine = await list("?q=wine");
    expect(slugs(wine)[0]).toBe("new-wine");
    // Web-search syntax: a quoted phrase.
    expect(slugs(await list("?q=%22gentle+answer%22"))).toEqual(["a-gentle-answer"]);
    const none = await list("?q=zzzznotaword");
    expect(none.total).toBe(0);
    expect(none.sermons).toEqual([]);
    // Only stop words or punctuation: no error, simply no match.
    expect((await list("?q=%22%22+%26+%7C")).total).toBeGreaterThanOrEqual(0);
    expect((await list("?q=the")).total).toBeGreaterThanOrEqual(0);
  });

  test("series and topic filters combine with each other and with search; pages", async () => {
    expect(slugs(await list("?series=the-gospel-of-john"))).toEqual(["new-wine", "come-and-see", "the-word-became-flesh"]);
    expect(slugs(await list("?topic=prayer")).sort()).toEqual(["a-house-of-prayer", "trust-in-the-lord"]);
    expect(slugs(await list("?series=wisdom-for-everyday-life&topic=family"))).toEqual(["a-gentle-answer"]);
    expect(slugs(await list("?series=the-gospel-of-john&topic=faith&q=wine"))).toEqual(["new-wine"]);
    expect((await list("?series=no-such-series")).total).toBe(0);
    expect((await list("?series=%3Cscript%3E")).total).toBe(7);

    const db = h.database.handle.db;
    const extra = Array.from({ length: 6 }, (_, i) => ({
      slug: `page-test-${i}`,
      titleEn: `Page test ${i}`,
      summaryEn: "Filler for pagination.",
      speaker: "Guest",
      preachedOn: `2000-01-0${i + 1}`,
      status: "published" as const,
    }));
    await db.insert(sermons).values(extra);
    try {
      const first = await list("");
      expect(first.total).toBe(13);
      expect(first.pageCount).toBe(2);
      expect(first.sermons).toHaveLength(10);
      const second = await list("?page=2");
      expect(second.page).toBe(2);
      expect(slugs(second)).toEqual(["page-test-2", "page-test-1", "page-test-0"]);
      expect((await list("?page=abc")).page).toBe(1);
    } finally {
      for (const row of extra) await db.delete(sermons).where(eq(sermons.slug, row.slug));
    }
  });

  test("a sermon page has its media, share URL and series; drafts and unknown slugs are 404", async () => {
    const page = await h.call(withSlug(sermonLoader, "the-word-became-flesh"), { path: "/sermons/the-word-became-flesh" });
    expect(page.status).toBe(200);
    const body = page.body as {
      sermon: {
        title: string;
        speaker: string;
        scripture: string;
        audio: { url: string; type: string; duration: string };
        video: unknown;
        series: { slug: string };
      };
      moreInSeries: Array<{ slug: string }>;
      shareUrl: string;
      seo: { title: string; description: string };
    };
    expect(body.sermon).toMatchObject({
      title: "The Word Became Flesh",
      speaker: "Bishop Samuel R. Whitaker",
      scripture: "John 1:1-18",
      audio: { url: "/media/sermons/the-word-became-flesh.mp3", type: "audio/mpeg", duration: "0:16" },
      video: null,
      series: { slug: "the-gospel-of-john" },
    });
    expect(body.moreInSeries.map((s) => s.slug)).toEqual(["new-wine", "come-and-see"]);
    expect(body.shareUrl).toBe(`${PUBLIC_URL}/sermons/the-word-became-flesh`);
    expect(body.seo.title).toBe("The Word Became Flesh");

    const video = await h.call(withSlug(sermonLoader, "trust-in-the-lord"), { path: "/sermons/trust-in-the-lord?lang=es" });
    expect((video.body as { sermon: { title: string; video: unknown } }).sermon).toMatchObject({
      title: "Confía en el Señor",
      video: { kind: "embed", provider: "youtube", embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0" },
    });
    expect((video.body as { shareUrl: string }).shareUrl).toBe(`${PUBLIC_URL}/sermons/trust-in-the-lord?lang=es`);

    expect((await h.call(withSlug(sermonLoader, "secret-draft-on-prayer"), { path: "/sermons/secret-draft-on-prayer" })).status).toBe(404);
    expect((await h.call(withSlug(sermonLoader, "no-such-sermon"), { path: "/sermons/no-such-sermon" })).status).toBe(404);
  });

  test("the podcast feed: RSS 2.0 with iTunes and Podcasting 2.0 tags, read by rss-parser and podcast-partytime", async () => {
    const db = h.database.handle.db;
    const [church] = await db.select().from(churchSettings).limit(1);
    const response = (await feedLoader({
      request: new Request(`${PUBLIC_URL}/sermons/feed.xml`),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).not.toContain("secret-draft");

    const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
      customFields: { feed: ["language", "itunes:type", "podcast:locked", "podcast:guid"], item: ["itunes:episodeType"] },
    });
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe("Living Hope Church Sermons");
    expect(feed.link).toBe(`${PUBLIC_URL}/sermons`);
    expect(feed.language).toBe("en");
    expect(feed.itunes).toMatchObject({
      author: "Living Hope Church",
      explicit: "false",
      image: `${PUBLIC_URL}/media/sermons/podcast-cover.jpg`,
      owner: { name: "Living Hope Church", email: church!.email },
      categories: ["Religion & Spirituality"],
      categoriesWithSubs: [{ name: "Religion & Spirituality", subs: [{ name: "Christianity" }] }],
    });
    expect(feed["itunes:type"]).toBe("episodic");
    expect(feed["podcast:locked"]).toBe("no");
    expect(feed["podcast:guid"]).toBe(podcastGuid(`${PUBLIC_URL}/sermons/feed.xml`));
    // Only the published sermons with audio, newest first.
    expect(feed.items.map((i) => i.title)).toEqual(["New Wine", "Come and See", "The Word Became Flesh", "A Gentle Answer"]);
    const wine = feed.items[0]!;
    const [row] = await db.select().from(sermons).where(eq(sermons.slug, "new-wine"));
    expect(wine).toMatchObject({
      link: `${PUBLIC_URL}/sermons/new-wine`,
      guid: `${new URL(PUBLIC_URL).host}:sermon:${row!.id}`,
      enclosure: { url: `${PUBLIC_URL}/media/sermons/new-wine.mp3`, length: "58490", type: "audio/mpeg" },
      itunes: { duration: "14", episodeType: "full", explicit: "false" },
    });
    expect(new Date(wine.pubDate!).toISOString().slice(0, 10)).toBe(row!.preachedOn);
    expect(wine.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(wine.content).toContain("Scripture: John 2:1-11");

    const party = parseFeed(xml);
    expect(party).not.toBeNull();
    expect(party).toMatchObject({
      title: "Living Hope Church Sermons",
      language: "en",
      explicit: false,
      itunesType: "episodic",
      locked: false,
      guid: podcastGuid(`${PUBLIC_URL}/sermons/feed.xml`),
      itunesImage: `${PUBLIC_URL}/media/sermons/podcast-cover.jpg`,
      author: "Living Hope Church",
    });
    expect(party!.itunesCategory).toEqual(["Religion & Spirituality > Christianity"]);
    expect(party!.items).toHaveLength(4);
    expect(party!.items[0]).toMatchObject({
      title: "New Wine",
      duration: 14,
      explicit: false,
      enclosure: { url: `${PUBLIC_URL}/media/sermons/new-wine.mp3`, length: 58490, type: "audio/mpeg" },
    });
  });

  test("the Spanish feed, XML escaping, and a stable guid through a title change", async () => {
    const db = h.database.handle.db;
    const [series] = await db.select().from(sermonSeries).where(eq(sermonSeries.slug, "the-gospel-of-john"));
    const [row] = await db
      .insert(sermons)
      .values({
        slug: "tricky-characters",
        titleEn: `Salt & Light <"in" the 'world'>`,
        titleEs: "Sal y luz: «niños» & adultos",
        summaryEn: "Ampersands & angle brackets <b>stay text</b>.",
        speaker: "Guest & Friend",
        preachedOn: "1999-05-02",
        status: "published",
        seriesId: series!.id,
        audioUrl: "https://cdn.example.test/audio/salt.m4a?x=1&y=2",
        audioMimeType: "audio/mp4",
        audioBytes: 12345,
      })
      .returning();
    try {
      const fetchFeed = async (query: string) =>
        await (
          (await feedLoader({
            request: new Request(`${PUBLIC_URL}/sermons/feed.xml${query}`),
            params: {},
            context: {},
          } as never)) as Response
        ).text();
      const es = await fetchFeed("?lang=es");
      const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({ customFields: { feed: ["language", "podcast:guid"] } });
      const feed = await parser.parseString(es);
      const [church] = await db.select().from(churchSettings).limit(1);
      expect(feed.title).toBe(`Sermones de ${church!.nameEs}`);
      expect(feed.language).toBe("es");
      expect(feed.link).toBe(`${PUBLIC_URL}/sermons?lang=es`);
      expect(feed["podcast:guid"]).toBe(podcastGuid(`${PUBLIC_URL}/sermons/feed.xml?lang=es`));
      expect(feed.items[0]).toMatchObject({ title: "Vino nuevo", link: `${PUBLIC_URL}/sermons/new-wine?lang=es` });
      const tricky = feed.items.find((i) => i.link?.includes("tricky-characters"))!;
      expect(tricky.title).toBe("Sal y luz: «niños» & adultos");
      // English summary as the fallback; the text survives escaping exactly.
      expect(tricky.content).toContain("Ampersands & angle brackets <b>stay text</b>.");
      expect(tricky.enclosure).toEqual({ url: "https://cdn.example.test/audio/salt.m4a?x=1&y=2", length: "12345", type: "audio/mp4" });
      expect(parseFeed(es)!.items.find((i) => i.link?.includes("tricky-characters"))?.title).toBe("Sal y luz: «niños» & adultos");

      const en = await fetchFeed("");
      const before = (await parser.parseString(en)).items.find((i) => i.link?.includes("tricky-characters"))!;
      expect(before.title).toBe(`Salt & Light <"in" the 'world'>`);
      await db.update(sermons).set({ titleEn: "Renamed", slug: "renamed-tricky" }).where(eq(sermons.id, row!.id));
      const after = (await parser.parseString(await fetchFeed(""))).items.find((i) => i.title === "Renamed")!;
      expect(after.guid).toBe(before.guid);
    } finally {
      await db.delete(sermons).where(eq(sermons.id, row!.id));
    }
  });
});
