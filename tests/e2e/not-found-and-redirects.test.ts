import { describe, expect, test } from "vitest";
import { baseURL, clientNavigate, setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();
// Chromium reports every 404 document as a console error; here the 404 is the point.
const expected404 = [/Failed to load resource: the server responded with a status of 404/];

describe("404 page", () => {
  test("a document request for an unknown path answers 404 with the not-found page", async () => {
    const page = await browser.newPage({ allowConsoleErrors: expected404 });
    await visit(page, "/this-page-does-not-exist", 404);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe("Oops! Page not found");
    const home = main.getByRole("link", { name: "Return to Home" });
    expect(await home.getAttribute("href")).toBe("/");
    // The shell stays; no breadcrumb trail for an unknown path.
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
    await home.click();
    await page.waitForURL(`${baseURL}/`);
  });

  test("nested unknown paths and unknown paths in Spanish are 404 too", async () => {
    for (const path of ["/sermons/nope/deeper", "/gallery/extra", "/admin-test/x"]) {
      const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(await response.text()).toContain("Oops! Page not found");
    }
    const spanish = await fetch(`${baseURL}/no-existe?lang=es`);
    expect(spanish.status).toBe(404);
    const html = await spanish.text();
    expect(html).toMatch(/<html[^>]*lang="es"/);
    expect(html).not.toContain("Oops! Page not found");
  });

  test("client-side navigation to an unknown path shows the not-found page", async () => {
    const page = await browser.newPage({ allowConsoleErrors: expected404 });
    await visit(page, "/about");
    await clientNavigate(page, "/no-such-thing");
    await page.waitForURL("**/no-such-thing");
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  });
});

describe("/gallery", () => {
  test("answers a permanent redirect to /community that keeps the query", async () => {
    const response = await fetch(`${baseURL}/gallery?lang=es&photo=3`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/community?lang=es&photo=3");
  });

  test("a document visit lands on /community", async () => {
    const page = await browser.newPage();
    await visit(page, "/gallery");
    expect(new URL(page.url()).pathname).toBe("/community");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Community");
  });

  test("client-side navigation replaces the history entry: back never returns to /gallery", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Events" }).click();
    await page.waitForURL("**/events");
    const lengthBefore = await page.evaluate(() => history.length);

    await clientNavigate(page, "/gallery");
    await page.waitForURL("**/community");
    await page.getByRole("heading", { level: 1, name: "Community" }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(lengthBefore);

    await page.goBack();
    await page.waitForFunction(() => location.pathname !== "/community");
    expect(new URL(page.url()).pathname).not.toBe("/gallery");
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe("/admin-test", () => {
  test("links to /admin and /admin/login", async () => {
    const page = await browser.newPage();
    await visit(page, "/admin-test");
    const hrefs = await page
      .getByRole("main")
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toContain("/admin");
    expect(hrefs).toContain("/admin/login");
  });
});
