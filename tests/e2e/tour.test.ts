// The guided tour (issue 9, spec sections 4, 8, 9): it starts by itself 1.5 s after load for a
// new member (under Chromium's clock control: not before), steps with Next/Back and shows
// progress, Skip Tour saves completion (not again after a reload nor in another browser),
// "Take the tour" starts it by hand, missing targets are skipped, the 3 mobile steps at
// 375 px, Spanish, axe on the open tooltip, keyboard only; a visitor never gets it (nor its code).
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";
import { MEMBER_PASSWORD, signUpMember } from "../support/member-sign-up";
import { fitsWidth } from "../support/page-checks";
import { runAxe } from "../support/axe";

const browser = setupBrowser();
const START = new Date("2026-11-23T10:00:00Z");

const tour = (page: Page) => page.locator('[role="dialog"][aria-modal="true"]').filter({ has: page.locator("h2") });
const progress = (page: Page) => tour(page).getByText(/^(Step|Paso) \d+ (of|de) \d+$/);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

async function expectStep(page: Page, title: string, text: string) {
  await tour(page)
    .getByRole("heading", { name: new RegExp(title) })
    .waitFor();
  expect(await progress(page).innerText()).toBe(text);
}

/** Focus reaches the primary button 100 ms after a step opens (react-joyride). */
async function waitForFocus(page: Page, label: string) {
  await page.waitForFunction((l) => document.activeElement?.textContent?.trim() === l, label);
}

async function completeByApi(page: Page) {
  const response = await page.request.post("/tour", { form: { intent: "complete" }, headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** "Take the tour" from the desktop member menu, with the keyboard only. */
async function takeTourByKeyboard(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Account menu|^Menú de la cuenta/ })
    .focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowUp");
  expect(await focusedText(page)).toMatch(/^(Take the tour|Hacer el recorrido)$/);
  await page.keyboard.press("Enter");
}

describe("guided tour", () => {
  test("a new member: starts by itself 1.5 s after load, Next/Back with progress, Skip Tour saved for every device", async () => {
    const page = await browser.newPage();
    await page.clock.install({ time: START });
    await page.clock.pauseAt(new Date(START.getTime() + 1000));
    const email = await signUpMember(page, "Tour Tester", "tour", { tourDue: true });
    await visit(page, "/");

    await page.clock.runFor(1400);
    await page.waitForTimeout(400);
    expect(await tour(page).count(), "not before 1.5 s").toBe(0);
    await page.clock.runFor(100);
    await page.clock.resume();

    await expectStep(page, "Welcome!", "Step 1 of 8");
    await waitForFocus(page, "Next");
    expect(await tour(page).getByRole("button", { name: "Back" }).count(), "no Back on the first step").toBe(0);
    for (const name of ["Skip Tour", "Close", "Next"]) await tour(page).getByRole("button", { name, exact: true }).waitFor();
    // The tooltip is 380 px wide and above the page (layer 1000).
    const box = await tour(page).boundingBox();
    expect(Math.round(box!.width)).toBe(380);
    await tour(page).getByRole("button", { name: "Next" }).click();
    await expectStep(page, "Main menu", "Step 2 of 8");
    await tour(page).getByRole("button", { name: "Next" }).click();
    await expectStep(page, "More resources", "Step 3 of 8");
    await tour(page).getByRole("button", { name: "Back" }).click();
    await expectStep(page, "Main menu", "Step 2 of 8");

    const saved = page.waitForResponse((r) => r.url() === `${baseURL}/tour` && r.request().method() === "POST");
    await tour(page).getByRole("button", { name: "Skip Tour" }).click();
    expect((await saved).status()).toBe(200);
    await tour(page).waitFor({ state: "detached" });

    // Reloaded: it does not start again.
    await visit(page, "/");
    await page.clock.runFor(3000);
    await page.waitForTimeout(800);
    expect(await tour(page).count(), "after a reload").toBe(0);

    // Another browser (own cookies and storage), the same member: not there either.
    const other = await browser.newPage();
    const signIn = await other.request.post("/auth", {
      form: { intent: "signin-email", email, password: MEMBER_PASSWORD },
      headers: { Origin: baseURL },
    });
    expect(signIn.status()).toBeLessThan(400);
    await visit(other, "/");
    await other.waitForTimeout(2500);
    expect(await tour(other).count(), "on another device").toBe(0);
    await expect(other.evaluate(() => document.querySelector("[data-tour='account']") !== null)).resolves.toBe(true);
  });

  test("Take the tour (keyboard only): focus in the labelled dialog, axe, Escape ends it, Finish Tour on the 8th step, focus back", async () => {
    const page = await browser.newPage();
    await signUpMember(page, "Keyboard Tester", "tour-kb");
    await completeByApi(page);
    await visit(page, "/");
    await page.waitForTimeout(2000);
    expect(await tour(page).count(), "completed: never by itself").toBe(0);

    await takeTourByKeyboard(page);
    await expectStep(page, "Welcome!", "Step 1 of 8");
    await waitForFocus(page, "Next");
    expect(await tour(page).getAttribute("aria-labelledby")).toBeTruthy();
    const results = await runAxe(page, { include: '[role="dialog"][aria-modal="true"]' });
    expect(
      results.violations.map((v) => v.id),
      "axe on the tooltip",
    ).toEqual([]);
    // Tab stays in the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await tour(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await tour(page).waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-haspopup") === "menu");

    await takeTourByKeyboard(page);
    const titles = [
      "Welcome!",
      "Main menu",
      "More resources",
      "English or Spanish",
      "Watch live",
      "Your account",
      "New here?",
      "Stay in touch",
    ];
    for (const [i, title] of titles.entries()) {
      await expectStep(page, title, `Step ${i + 1} of 8`);
      const last = i === titles.length - 1;
      await waitForFocus(page, last ? "Finish Tour" : "Next");
      await page.keyboard.press("Enter");
    }
    await tour(page).waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-haspopup") === "menu");
  });

  test("steps whose target is missing are skipped (no home section on /events); Spanish", async () => {
    const page = await browser.newPage();
    await signUpMember(page, "Events Tester", "tour-ev");
    await completeByApi(page);
    await visit(page, "/events");
    await takeTourByKeyboard(page);
    // The home page's "New here?" section is not on /events: 7 of the 8 steps.
    await expectStep(page, "Welcome!", "Step 1 of 7");

    await visit(page, "/?lang=es");
    await takeTourByKeyboard(page);
    await expectStep(page, "¡Bienvenido!", "Paso 1 de 8");
    for (const name of ["Omitir recorrido", "Cerrar", "Siguiente"]) await tour(page).getByRole("button", { name, exact: true }).waitFor();
    await tour(page).getByRole("button", { name: "Siguiente" }).click();
    await expectStep(page, "Menú principal", "Paso 2 de 8");
    await tour(page).getByRole("button", { name: "Atrás" }).waitFor();
    await tour(page).getByRole("button", { name: "Cerrar" }).click();
    await tour(page).waitFor({ state: "detached" });
  });

  test("at 375 px: the 3 mobile steps, fitting the screen; Finish Tour saves; Take the tour from the side menu", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.clock.install({ time: START });
    await signUpMember(page, "Phone Tester", "tour-m", { tourDue: true });
    await visit(page, "/");
    await page.clock.fastForward(1600);
    await expectStep(page, "Welcome!", "Step 1 of 3");
    const box = await tour(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await fitsWidth(page)).toBe(true);
    await tour(page).getByRole("button", { name: "Next" }).click();
    await expectStep(page, "English or Spanish", "Step 2 of 3");
    await tour(page).getByRole("button", { name: "Next" }).click();
    await expectStep(page, "Menu", "Step 3 of 3");
    const saved = page.waitForResponse((r) => r.url() === `${baseURL}/tour` && r.request().method() === "POST");
    await tour(page).getByRole("button", { name: "Finish Tour" }).click();
    expect((await saved).status()).toBe(200);
    await tour(page).waitFor({ state: "detached" });

    await visit(page, "/about");
    await page.clock.fastForward(3000);
    await page.waitForTimeout(500);
    expect(await tour(page).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Take the tour" }).click();
    await expectStep(page, "Welcome!", "Step 1 of 3");
    await tour(page).getByRole("button", { name: "Skip Tour" }).click();
    await tour(page).waitFor({ state: "detached" });
  });

  test("a visitor never gets it, nor react-joyride's code", async () => {
    const page = await browser.newPage();
    await page.clock.install({ time: START });
    await visit(page, "/");
    await page.clock.fastForward(5000);
    await page.waitForTimeout(500);
    expect(await tour(page).count()).toBe(0);
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect(scripts.filter((s) => /tour-runner|joyride/.test(s))).toEqual([]);
    const status = await page.request.get("/tour");
    expect(status.status()).toBe(401);
  });
});
