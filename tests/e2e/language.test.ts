import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();

const htmlLang = (page: Page) => page.getAttribute("html", "lang");
const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).innerText();
const mainNavTexts = (page: Page) => page.getByRole("banner").getByRole("navigation").first().getByRole("link").allInnerTexts();

describe("languages", () => {
  test("English by default: <html lang=en>, English header and page", async () => {
    const page = await browser.newPage();
    await visit(page, "/events");
    expect(await htmlLang(page)).toBe("en");
    expect(await h1(page)).toBe("Events");
    expect(await mainNavTexts(page)).toEqual(["Home", "Watch Live", "Bible Tools", "Events", "Community", "Give"]);
  });

  test("?lang=es renders Spanish, sets the lang cookie, and the choice persists on plain visits", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/events?lang=es");
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue("set-cookie")).toMatch(/(^|\n)lang=es;.*Path=\//);
    expect(await htmlLang(page)).toBe("es");
    expect(await h1(page)).toBe("Eventos");
    expect(await mainNavTexts(page)).toContain("Inicio");
    const cookie = (await page.context().cookies()).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("es");

    // A plain visit (no ?lang) remembers the choice.
    await visit(page, "/about");
    expect(await htmlLang(page)).toBe("es");
    expect(await page.getByRole("main").innerText()).toMatch(/Nuestra historia/);
    // …and it is mirrored on the device.
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("es");
  });

  test("Accept-Language: es renders Spanish without a cookie; q-values are honoured", async () => {
    const page = await browser.newPage({ locale: "es-MX" });
    await visit(page, "/give");
    expect(await htmlLang(page)).toBe("es");
    expect(await h1(page)).toBe("Ofrendar");

    const preferEs = await fetch(`${baseURL}/give`, { headers: { "Accept-Language": "en;q=0.3, es;q=0.9" } });
    expect(await preferEs.text()).toMatch(/<html[^>]*lang="es"/);
    const preferEn = await fetch(`${baseURL}/give`, { headers: { "Accept-Language": "fr, en;q=0.8, es;q=0.5" } });
    expect(await preferEn.text()).toMatch(/<html[^>]*lang="en"/);
  });

  test("the cookie beats Accept-Language", async () => {
    const page = await browser.newPage({ locale: "es-ES" });
    await visit(page, "/give?lang=en");
    await visit(page, "/give");
    expect(await htmlLang(page)).toBe("en");
    expect(await h1(page)).toBe("Give");
  });

  test("the switcher is a link with hreflang to the same page in the other language, and back", async () => {
    const page = await browser.newPage();
    await visit(page, "/sermons");
    const switcher = page.getByRole("banner").locator("a[hreflang]:visible");
    expect(await switcher.getAttribute("hreflang")).toBe("es");
    expect(await switcher.getAttribute("href")).toBe("/sermons?lang=es");

    await switcher.click();
    await page.waitForURL("**/sermons?lang=es");
    await page.waitForFunction(() => document.documentElement.lang === "es");
    expect(await h1(page)).toBe("Sermones");
    const back = page.getByRole("banner").locator("a[hreflang]:visible");
    expect(await back.getAttribute("hreflang")).toBe("en");
    expect(await back.getAttribute("href")).toBe("/sermons?lang=en");

    await back.click();
    await page.waitForURL("**/sermons?lang=en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect(await h1(page)).toBe("Sermons");
  });

  test("title, description and hreflang alternates follow the language", async () => {
    const page = await browser.newPage();
    await visit(page, "/about?lang=es");
    const title = await page.title();
    expect(title).toMatch(/Quiénes somos|Nuestra historia|Esperanza Viva/);
    const description = await page.getAttribute('meta[name="description"]', "content");
    expect(description?.length).toBeGreaterThan(20);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));
    expect(alternates.some((a) => /^en .*\/about$/.test(a))).toBe(true);
    expect(alternates.some((a) => /^es .*\/about\?lang=es$/.test(a))).toBe(true);
    expect(alternates.some((a) => a.startsWith("x-default "))).toBe(true);

    await visit(page, "/about?lang=en");
    expect(await page.title()).not.toBe(title);
  });
});
