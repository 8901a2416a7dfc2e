// The home page (spec "Home page (/)", issue 2 item 6). Sections are found by their
// headings and texts, not by markup, so the page's structure is free to change.
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();

/**
 * The home section titled `name`: a <section aria-labelledby> is a region landmark named by
 * its heading. Falls back to the innermost <section> holding such a heading.
 */
function sectionWithHeading(page: Page, name: RegExp): Locator {
  const main = page.getByRole("main");
  return main
    .getByRole("region", { name })
    .or(
      main
        .locator("section")
        .filter({ has: page.getByRole("heading", { name }) })
        .last(),
    )
    .first();
}

const pathOf = async (link: Locator) => new URL((await link.getAttribute("href")) ?? "", "http://x").pathname;

async function hrefsIn(container: Locator): Promise<string[]> {
  return container.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

describe("home page", () => {
  test("hero: one h1, the tagline, a service time, buttons to /plan-visit, /watch and /give", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await main.getByText("Hear. Understand. Live.").first().isVisible()).toBe(true);
    expect(await main.innerText()).toMatch(/11:00\u00a0AM/);
    const hrefs = (await hrefsIn(main)).map((h) => new URL(h, "http://x").pathname);
    for (const path of ["/plan-visit", "/watch", "/give"]) expect(hrefs).toContain(path);
    // No breadcrumbs on home.
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
  });

  test("hero: the poster image is in the server HTML; the playlist plays each clip, then the next, wrapping", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const main = html.slice(html.indexOf("<main"));
    expect(main).toMatch(/<img[^>]+src="[^"]+\.(webp|jpe?g|png|avif)"/);
    expect(main).not.toContain("<video");

    const page = await browser.newPage();
    await visit(page, "/");
    const video = page.getByRole("main").locator("video");
    await video.waitFor({ state: "attached", timeout: 15_000 });
    expect(await video.getAttribute("poster")).toMatch(/\.(webp|jpe?g|png|avif)$/);
    const clip = () => video.evaluate((v) => (v as HTMLVideoElement).currentSrc || (v as HTMLVideoElement).src);
    const clipNumber = async () => /hero-(\d+)\./.exec(await clip())?.[1];
    expect(await clipNumber()).toBe("1");
    const seen = ["1"];
    // "ended" is what the browser fires at the end of a clip.
    for (let i = 0; i < 4; i++) {
      const before = await clip();
      await video.evaluate((v) => v.dispatchEvent(new Event("ended")));
      await expect.poll(clip).not.toBe(before);
      seen.push((await clipNumber())!);
    }
    expect(seen).toEqual(["1", "2", "3", "4", "1"]);
  });

  test("no autoplaying video when the visitor prefers reduced motion", async () => {
    const page = await browser.newPage({ reducedMotion: "reduce" });
    await visit(page, "/");
    await page.waitForTimeout(1000);
    const playing = await page.evaluate(() => [...document.querySelectorAll("video")].filter((v) => !v.paused || v.autoplay).length);
    expect(playing).toBe(0);
  });

  test("no video at all when the browser sends Save-Data", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true } });
    });
    await visit(page, "/");
    await page.waitForTimeout(1500);
    expect(await page.locator("video").count()).toBe(0);
    // The poster stays.
    expect(await page.getByRole("main").locator("img").count()).toBeGreaterThan(0);
  });

  test("I'm New Here links to /plan-visit and /watch; Welcome Home has a photo", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const newHere = sectionWithHeading(page, /I[’']m New Here/);
    const hrefs = await hrefsIn(newHere);
    expect(hrefs).toContain("/plan-visit");
    expect(hrefs).toContain("/watch");

    const welcome = sectionWithHeading(page, /Welcome Home/);
    const photo = welcome.locator("img");
    expect(await photo.count()).toBeGreaterThan(0);
    expect((await photo.first().getAttribute("alt"))?.length).toBeGreaterThan(0);
  });

  test("harvest festival flyer links to its event page", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const flyer = sectionWithHeading(page, /Harvest Festival/);
    // The featured event's page; the home.flyer block's /events when no event is featured.
    expect((await hrefsIn(flyer)).some((href) => href === "/events/harvest-festival" || href === "/events")).toBe(true);
  });

  test("vision, mission and values; the two leaders with photos", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const main = page.getByRole("main");
    for (const heading of [/Vision/, /Mission/, /Values/]) {
      expect(await main.getByRole("heading", { name: heading }).count(), String(heading)).toBeGreaterThan(0);
    }
    const leadership = sectionWithHeading(page, /Leadership/);
    const names = await leadership.getByRole("heading", { level: 3 }).allInnerTexts();
    expect(names).toEqual(["Bishop Samuel R. Whitaker", "Pastor Elena Martínez"]);
    expect(await leadership.locator("img").count()).toBe(2);
  });

  test("Recent Moments shows the 4 newest gallery images and links to /community", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const moments = sectionWithHeading(page, /Recent Moments/);
    await expect.poll(() => moments.locator("img").count(), { timeout: 10_000 }).toBe(4);
    // The four newest public photos, newest first: the first four of the gallery on /community
    // (the demo's, unless another browser test of this run has added photos since).
    const alts = await moments.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt") ?? ""));
    const community = await browser.newPage();
    await visit(community, "/community");
    const newest = await sectionWithHeading(community, /^Photo Gallery$/)
      .locator("img")
      .evaluateAll((imgs) => imgs.slice(0, 4).map((i) => i.getAttribute("alt") ?? ""));
    expect(alts).toEqual(newest);
    expect(alts.every((alt) => alt.length > 0)).toBe(true);
    expect(await hrefsIn(moments)).toContain("/community");
    expect(await moments.getByText("Unable to load recent moments").count()).toBe(0);
  });

  test("four Why Choose cards", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const why = sectionWithHeading(page, /Why Choose/);
    expect(await why.getByRole("heading", { level: 3 }).count()).toBe(4);
  });

  test("contact block: address, tel: and sms: (body HOME) links, map, directions, link to /events", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const main = page.getByRole("main");
    const tel = main.locator('a[href^="tel:"]');
    expect(await tel.count()).toBeGreaterThan(0);
    const sms = main.locator('a[href^="sms:"]');
    expect(await sms.count()).toBeGreaterThan(0);
    const smsHref = (await sms.first().getAttribute("href"))!;
    expect(new URLSearchParams(smsHref.split("?")[1]).get("body")).toBe("HOME");

    const contact = sectionWithHeading(page, /Visit Us/);
    expect(await contact.locator('a[href^="sms:"]').count()).toBe(1);
    const text = await contact.innerText();
    expect(text).toMatch(/Harvest Grove Road/);
    expect(text).toMatch(/9:30\u00a0AM/);
    expect(await contact.locator("iframe[title]").count()).toBe(1);
    const hrefs = await hrefsIn(contact);
    expect(hrefs.some((h) => /directions/.test(h))).toBe(true);
    expect(hrefs.map((h) => new URL(h, "http://x").pathname)).toContain("/events");
  });

  test("live streaming block: coming soon, Sunday 11:00 AM, Watch Online and Previous Sermons", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const live = sectionWithHeading(page, /Live Streaming/i);
    const text = await live.innerText();
    expect(text).toMatch(/coming soon/i);
    expect(text).toMatch(/11:00\u00a0AM/);
    expect(text).toMatch(/chat/i);
    expect(text).toMatch(/HD/);
    expect(await pathOf(live.getByRole("link", { name: /Watch Online/i }))).toBe("/watch");
    expect(await pathOf(live.getByRole("link", { name: /Previous Sermons/i }))).toBe("/sermons");
  });

  test("Your Spiritual Home: six cards, each with an Explore link to its page", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const block = sectionWithHeading(page, /Your Spiritual Home/);
    const explore = block.getByRole("link", { name: /Explore/ });
    expect(await explore.count()).toBe(6);
    const paths: string[] = [];
    for (let i = 0; i < 6; i++) paths.push(await pathOf(explore.nth(i)));
    expect(paths).toEqual(["/study", "/sermons", "/events", "/prayer", "/community", "/give"]);
    const text = await block.innerText();
    for (const title of ["Weekly Study Guide", "Sermon Archive", "Events & Calendar", "Prayer Wall", "Community Hub", "Give Online"]) {
      expect(text).toContain(title);
    }
  });

  test("the home page in Spanish", async () => {
    const page = await browser.newPage();
    await visit(page, "/?lang=es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    const text = await page.getByRole("main").innerText();
    expect(text).toContain("Escuchar. Entender. Vivir.");
    expect(text).toMatch(/Soy nuevo aquí/i);
    expect(text).toMatch(/Bienvenido a casa/i);
  });
});

describe("loading order (issue 10, ADR 025)", () => {
  test("no script is requested before the first contentful paint, and the page then hydrates", async () => {
    for (const path of ["/", "/events?lang=es"]) {
      const page = await browser.newPage();
      await visit(page, path);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        return {
          paint: paint?.startTime ?? null,
          css: resources.filter((r) => /\/assets\/[^/]+\.css$/.test(r.name)).map((r) => r.responseEnd),
          scripts: resources.filter((r) => /\/assets\/[^/]+\.js$/.test(r.name)).map((r) => ({ name: r.name, start: r.fetchStart })),
        };
      });
      expect(timing.paint, `${path}: first-contentful-paint`).not.toBeNull();
      expect(timing.scripts.length, `${path}: its chunks were loaded`).toBeGreaterThan(3);
      for (const script of timing.scripts) {
        expect(script.start, `${path}: ${script.name} requested before the first paint`).toBeGreaterThanOrEqual(timing.paint!);
        for (const cssEnd of timing.css)
          expect(script.start, `${path}: ${script.name} competed with the stylesheet`).toBeGreaterThanOrEqual(cssEnd);
      }
      // The server's HTML has none: the starter added them after the paint.
      const html = await (await page.request.get(path)).text();
      expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
      await page.close();
    }
  });
});
