import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { publicPaths } from "~/features/navigation/site-links";
import { setupBrowser, visit } from "../support/browser";

const browser = setupBrowser();

const mainLinks = [
  ["Home", "/"],
  ["Watch Live", "/watch"],
  ["Bible Tools", "/study"],
  ["Events", "/events"],
  ["Community", "/community"],
  ["Give", "/give"],
] as const;

const resourceLinks = [
  ["Sermons", "/sermons"],
  ["Prayer", "/prayer"],
  ["Store", "/store"],
  ["Kingdom Builders Class", "/kingdom-builders-class"],
  ["Plan a Visit", "/plan-visit"],
  ["About", "/about"],
] as const;

/** [accessible name, path] of every visible link in a container, in document order. */
async function linksOf(container: Locator): Promise<Array<[string, string]>> {
  const links = container.getByRole("link");
  const count = await links.count();
  const result: Array<[string, string]> = [];
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const name = (await link.innerText()).trim();
    const href = (await link.getAttribute("href")) ?? "";
    result.push([name, new URL(href, "http://x").pathname]);
  }
  return result;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

describe("desktop header", () => {
  test("main links in the spec's order, then the Resources button; Watch Live and Sign In / Join", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    expect(await linksOf(nav)).toEqual(mainLinks);
    const resources = nav.getByRole("button", { name: "Resources" });
    await expect.poll(() => resources.getAttribute("aria-expanded")).toBe("false");

    const watch = header.getByRole("link", { name: "Watch Live", exact: true }).last();
    expect(await watch.getAttribute("href")).toBe("/watch");
    expect(await watch.isVisible()).toBe(true);
    const signIn = header.getByRole("link", { name: "Sign In / Join" });
    expect(await signIn.getAttribute("href")).toBe("/auth");
    expect(await signIn.isVisible()).toBe(true);

    const switcher = header.locator("a[hreflang]:visible");
    expect(await switcher.getAttribute("hreflang")).toBe("es");
    // The logo links home.
    expect(await header.getByRole("link", { name: /home page/ }).getAttribute("href")).toBe("/");
  });

  test("Resources opens with Enter, arrows move, Escape closes and returns focus", async () => {
    const page = await browser.newPage();
    await visit(page, "/");
    const button = page.getByRole("banner").getByRole("button", { name: "Resources" });
    const list = page.locator(`[id="${await idOf(button)}"]`);

    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    expect(await list.isVisible()).toBe(true);
    expect(await linksOf(list)).toEqual(resourceLinks);

    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedText(page)).toBe("Sermons");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedText(page)).toBe("Prayer");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focusedText(page)).toBe("Sermons");
    await page.keyboard.press("ArrowUp"); // wraps to the last
    await expect.poll(() => focusedText(page)).toBe("About");
    await page.keyboard.press("Home");
    await expect.poll(() => focusedText(page)).toBe("Sermons");

    await page.keyboard.press("Escape");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    expect(await list.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // ArrowDown on the closed button opens the menu on its first link; Enter follows it.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => focusedText(page)).toBe("Sermons");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/sermons");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Sermons");
  });

  test("footer: address, tel: link, sms: link with body HOME, service times, Facebook and YouTube", async () => {
    const page = await browser.newPage();
    await visit(page, "/events");
    const footer = page.getByRole("contentinfo");
    const text = await footer.innerText();
    expect(text).toMatch(/\d+ [A-Z][\w ]+/); // a street address
    expect(text).toContain("Service Times");
    for (const service of ["Sunday School", "Sunday Worship", "Wednesday Bible Study"]) {
      expect(text).toContain(service);
    }
    expect(text).toMatch(/Sunday 9:30\u00a0AM/);
    expect(text).toMatch(/Sunday 11:00\u00a0AM/);
    expect(text).toMatch(/Wednesday 7:00\u00a0PM/);

    const tel = footer.locator('a[href^="tel:"]');
    expect(await tel.count()).toBe(1);
    expect(await tel.getAttribute("href")).toMatch(/^tel:\+?\d{10,15}$/);
    const sms = footer.locator('a[href^="sms:"]');
    expect(await sms.count()).toBe(1);
    const smsHref = (await sms.getAttribute("href"))!;
    expect(smsHref.split("?")[0]).toBe((await tel.getAttribute("href"))!.replace("tel:", "sms:"));
    expect(new URLSearchParams(smsHref.split("?")[1]).get("body")).toBe("HOME");
    expect(await sms.innerText()).toContain("HOME");

    expect(await footer.getByRole("link", { name: /Facebook/ }).getAttribute("href")).toMatch(/facebook\.com/);
    expect(await footer.getByRole("link", { name: /YouTube/ }).getAttribute("href")).toMatch(/youtube\.com/);
  });
});

describe("mobile side menu at 360×800", () => {
  const mobile = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true };

  test("opens as a dialog with the same links, closes with the close button and Escape", async () => {
    const page = await browser.newPage(mobile);
    await visit(page, "/about");
    // The desktop navigation is not shown at this width.
    expect(await page.getByRole("banner").getByRole("navigation", { name: "Main" }).count()).toBe(0);

    const openButton = page.getByRole("button", { name: "Open menu" });
    expect(await openButton.isVisible()).toBe(true);
    await openButton.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);

    const nav = dialog.getByRole("navigation", { name: "Main" });
    const links = await linksOf(nav);
    expect(links.slice(0, 12)).toEqual([...mainLinks, ...resourceLinks]);
    expect(links).toContainEqual(["Sign In / Join", "/auth"]);
    expect(await dialog.locator("a[hreflang]").count()).toBe(1);

    await dialog.getByRole("button", { name: "Close menu" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Focus returns to the button that opened it (native <dialog>).
    expect(await openButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await openButton.click();
    await dialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  test("following a link navigates and closes the menu", async () => {
    const page = await browser.newPage(mobile);
    await visit(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("link", { name: "Kingdom Builders Class" }).click();
    await page.waitForURL("**/kingdom-builders-class");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Kingdom Builders Class");
  });

  test("no horizontal scrolling at 360 px on any public page, in either language", async () => {
    const page = await browser.newPage({ ...mobile, allowConsoleErrors: [/status of 400/] });
    const overflowing: string[] = [];
    for (const language of ["en", "es"]) {
      for (const path of publicPaths) {
        const url = `${path}?lang=${language}`;
        const response = await page.goto(url, { waitUntil: "load" });
        expect(response?.status(), url).toBe(path === "/auth/callback" ? 400 : 200);
        const result = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const scrollWidth = document.documentElement.scrollWidth;
          const culprits = [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > width + 1)
            .slice(0, 3)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
          return { width, scrollWidth, culprits };
        });
        if (result.scrollWidth > result.width) {
          overflowing.push(`${url}: scrollWidth ${result.scrollWidth} > ${result.width} (${result.culprits.join(", ")})`);
        }
      }
    }
    expect(overflowing).toEqual([]);
  }, 120_000);
});

async function idOf(button: Locator): Promise<string> {
  const id = await button.getAttribute("aria-controls");
  if (!id) throw new Error("the Resources button has no aria-controls");
  return id;
}
