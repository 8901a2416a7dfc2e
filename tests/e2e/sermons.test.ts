// The sermons archive (issue 6) in a real browser: both languages, search, a sermon page,
// playing its audio, axe WCAG 2.2 AA and no sideways scrolling at 360 px.
import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";

const browser = setupBrowser();

describe("sermons", () => {
  test.each(["en", "es"] as const)("the archive lists sermons, series, topics and the podcast feed (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/sermons?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe(language === "es" ? "Sermones" : "Sermons");
    expect(await main.getByRole("link", { name: language === "es" ? "Vino nuevo" : "New Wine" }).getAttribute("href")).toBe(
      "/sermons/new-wine",
    );
    const series = main.getByRole("navigation", { name: language === "es" ? "Explorar por serie" : "Browse by series" });
    expect(
      await series.getByRole("link", { name: language === "es" ? "El Evangelio de Juan (3)" : "The Gospel of John (3)" }).count(),
    ).toBe(1);
    expect(await main.locator('a[type="application/rss+xml"]').getAttribute("href")).toBe(
      language === "es" ? "/sermons/feed.xml?lang=es" : "/sermons/feed.xml",
    );
    await expectNoAxeViolations(page, `/sermons?lang=${language}`);
  });

  test("search (accents optional) and a series filter give shareable URLs", async () => {
    const page = await browser.newPage();
    await visit(page, "/sermons?lang=es");
    const main = page.getByRole("main");
    await main.getByRole("searchbox", { name: "Buscar sermones" }).fill("oracion");
    await main.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/\/sermons\?q=oracion$/);
    await expect.poll(() => main.getByRole("heading", { level: 2, name: "Resultados de «oracion»" }).count()).toBe(1);
    const results = main.locator("article h3 a");
    expect(await results.allInnerTexts()).toEqual(["Una casa de oración"]);

    await visit(page, "/sermons?series=wisdom-for-everyday-life&lang=en");
    expect(await main.locator("article h3 a").allInnerTexts()).toEqual(["A Gentle Answer", "The Beginning of Wisdom", "Trust in the Lord"]);
    expect(await main.getByRole("link", { name: "Wisdom for Everyday Life (3)" }).getAttribute("aria-current")).toBe("page");
  });

  test("a sermon page plays its audio, offers the download and share link, and passes axe", async () => {
    const page = await browser.newPage();
    await visit(page, "/sermons/the-word-became-flesh");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe("The Word Became Flesh");
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("The Word Became Flesh");
    expect(await page.locator('meta[property="og:audio"]').getAttribute("content")).toMatch(
      /\/media\/sermons\/the-word-became-flesh\.mp3$/,
    );
    expect(await main.getByRole("link", { name: "Download the audio" }).getAttribute("href")).toBe(
      "/media/sermons/the-word-became-flesh.mp3",
    );
    expect(await main.getByRole("textbox", { name: "Link to this sermon" }).inputValue()).toMatch(/\/sermons\/the-word-became-flesh$/);
    expect(await main.getByRole("heading", { name: "More from “The Gospel of John”" }).count()).toBe(1);
    await expectNoAxeViolations(page, "/sermons/the-word-became-flesh");

    const audio = main.locator("audio");
    expect(await audio.getAttribute("preload")).toBe("none");
    // Press play (muted: a page may start muted media without a gesture) and hear it advance.
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
  });

  test("phones: no sideways scrolling on the archive and a sermon page; a draft or unknown slug is a 404", async () => {
    const page = await browser.newPage({
      viewport: { width: 360, height: 800 },
      allowConsoleErrors: [/Failed to load resource/, /youtube/i],
    });
    await visit(page, "/sermons");
    expect(await fitsWidth(page)).toBe(true);
    await visit(page, "/sermons/trust-in-the-lord?lang=es");
    const frame = page.locator("main iframe");
    expect(await frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0");
    expect(await frame.getAttribute("title")).toBe("Video: Confía en el Señor");
    expect(await fitsWidth(page)).toBe(true);
    await visit(page, "/sermons/no-such-sermon", 404);
  });
});
