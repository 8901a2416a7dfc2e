import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();

/** Each entry of the visible trail: its text and, for links, its href. */
async function trail(page: Page, label = "Breadcrumb") {
  const nav = page.getByRole("navigation", { name: label });
  if ((await nav.count()) === 0) return null;
  return nav.locator("li").evaluateAll((items) =>
    items.map((li) => {
      const link = li.querySelector("a");
      const current = li.querySelector('[aria-current="page"]');
      return {
        text: li.textContent?.trim() ?? "",
        href: link?.getAttribute("href") ?? null,
        current: current !== null,
      };
    }),
  );
}

describe("breadcrumbs", () => {
  test("none on home", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    expect(await trail(page)).toBeNull();
  });

  test("/study: Home > Bible Tools & Study", async () => {
    const page = await browser.newPage();
    await visit(page, "/study");
    expect(await trail(page)).toEqual([
      { text: "Home", href: "/", current: false },
      { text: "Bible Tools & Study", href: null, current: true },
    ]);
  });

  test("/sermons: Home > Resources (text, not a link) > Sermons", async () => {
    const page = await browser.newPage();
    await visit(page, "/sermons");
    expect(await trail(page)).toEqual([
      { text: "Home", href: "/", current: false },
      { text: "Resources", href: null, current: false },
      { text: "Sermons", href: null, current: true },
    ]);
  });

  test("/plan-visit: Home > Plan Your Visit; the Home crumb navigates home", async () => {
    const page = await browser.newPage();
    await visit(page, "/plan-visit");
    expect((await trail(page))?.map((c) => c.text)).toEqual(["Home", "Plan Your Visit"]);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("navigation", { name: "Breadcrumb" }).waitFor({ state: "detached" });
  });

  test("in Spanish: Inicio > Recursos > Tienda", async () => {
    const page = await browser.newPage();
    await visit(page, "/store?lang=es");
    expect((await trail(page, "Ruta de navegación"))?.map((c) => c.text)).toEqual(["Inicio", "Recursos", "Tienda"]);
  });

  test("a page the table does not list shows no trail (/admin-test)", async () => {
    const page = await browser.newPage();
    await visit(page, "/admin-test");
    expect(await trail(page)).toBeNull();
  });
});

describe("'Loading page...' during client navigation", () => {
  test("shows while the next route's module loads, and goes away after", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    let delayed = 0;
    await page.route(/\/assets\/about-[\w-]+\.js(\?.*)?$/, async (route) => {
      delayed++;
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    const status = page.getByRole("status").filter({ hasText: "Loading page..." });
    expect(await status.count()).toBe(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await status.waitFor({ state: "visible", timeout: 1900 });
    expect(new URL(page.url()).pathname).toBe("/");

    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1 }).filter({ hasText: /About/ }).waitFor();
    await status.waitFor({ state: "detached" });
    expect(delayed).toBe(1);
  });
});
