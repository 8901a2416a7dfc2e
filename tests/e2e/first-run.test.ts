// Issue 34, point 1: a new church's whole first run in the browser, from an empty data folder to
// a public site with its own name, service times and colour, with no command-line step: the
// setup code from DATA_DIR/setup-code, the first administrator, two-factor, the welcome wizard
// (church, times, logo and colour, "start empty"). Once in English at 1280 px and once in
// Spanish at 360 px, axe on every screen at both widths; each on its own server and data folder, as `npm start`
// runs them (the demo church seeded, since SEED_DEMO defaults to true).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import esAdmin from "~/i18n/locales/es/admin";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import { startAppServer, type AppServer } from "../support/app-server";
import { setupBrowser } from "../support/browser";
import { expectPageAccessible, overflowing } from "../support/page-checks";
import { totp } from "../support/totp";

const browser = setupBrowser();
/** Refused forms (the wrong code on purpose) answer 4xx; Chromium logs those fetches. */
const formErrors = [/status of 4\d\d/];
const started: Array<{ server: AppServer; dataDir: string }> = [];

afterAll(async () => {
  for (const { server, dataDir } of started) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const journeys = [
  { language: "en", width: 1280, admin: enAdmin, common: enCommon, church: "Grace Fellowship", color: "#7b1e3a" },
  { language: "es", width: 360, admin: esAdmin, common: esCommon, church: "Iglesia Gracia", color: "#1a4d8f" },
] as const;

/**
 * "Continue" once the save's revalidation is over: a link followed while React Router 8.4 still
 * revalidates after an action aborts that fetch, and the abort rejects a promise nobody handles
 * ("AbortError: signal is aborted without reason" in the console; the page itself is fine).
 */
async function continueWhenSettled(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name }).click();
}

/** axe at both widths (the journey's own last), and nothing wider than a 360 px phone. */
async function checkScreen(page: Page, label: string, width: number) {
  for (const size of width === 360 ? [1280, 360] : [360, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    // From the top, as the page opens (a scroll kept from the other width leaves buttons under the sticky header).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectPageAccessible(page, `${label} at ${size} px`);
    if (size === 360) expect(await overflowing(page), label).toEqual([]);
  }
}

describe("first run in the browser", { timeout: 240_000 }, () => {
  for (const journey of journeys) {
    test(`from an empty data folder to the church's own public site (${journey.language}, ${journey.width} px)`, async () => {
      const { admin: a, language, width } = journey;
      const dataDir = mkdtempSync(path.join(tmpdir(), "first-run-"));
      const server = await startAppServer({ dataDir });
      started.push({ server, dataDir });
      const base = server.baseURL;

      // The code: in DATA_DIR/setup-code, readable by the server's user only, and in the log.
      const file = path.join(dataDir, "setup-code");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const code = (await readFile(file, "utf8")).trim();
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(server.output().stdout + server.output().stderr).toContain(code);

      const page = await browser.newPage({ viewport: { width, height: 900 }, allowConsoleErrors: formErrors });
      await page.goto(`${base}/admin/setup?lang=${language}`);
      await page.getByRole("heading", { name: a.setup.code.heading, level: 1 }).waitFor();
      await checkScreen(page, "setup code", width);

      // A wrong code is refused; the right one, typed in lower case with spaces, is not.
      await page.getByLabel(a.setup.code.label).fill("AAAA-BBBB-CCCC");
      await page.getByRole("button", { name: a.setup.code.submit }).click();
      await page.getByRole("alert").filter({ hasText: a.setup.errors.wrongCode }).first().waitFor();
      await page.getByLabel(a.setup.code.label).fill(code.toLowerCase().replaceAll("-", " "));
      await page.getByRole("button", { name: a.setup.code.submit }).click();

      await page.getByRole("heading", { name: a.setup.account.heading, level: 1 }).waitFor();
      await checkScreen(page, "setup account", width);
      await page.getByLabel(a.setup.account.name).fill("Pat Office");
      await page.getByLabel(a.setup.account.email).fill(`office-${language}@example.test`);
      await page.getByLabel(a.setup.account.password, { exact: true }).fill("a long church password");
      await page.getByLabel(a.setup.account.confirm).fill("a long church password");
      await page.getByRole("button", { name: a.setup.account.submit }).click();

      // Two-factor, as at a first sign-in to the portal: the key, a code, the backup codes.
      await page.getByRole("heading", { name: a.setup.enrol.heading, level: 1 }).waitFor();
      await checkScreen(page, "setup two-factor", width);
      const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
      await page.getByLabel(a.login.code).fill(totp(secret));
      await page.getByRole("button", { name: a.login.confirm }).click();
      await page.getByRole("heading", { name: a.login.backupHeading, level: 1 }).waitFor();
      expect(await page.getByTestId("backup-codes").locator("li").count()).toBeGreaterThan(0);
      expect(statSync(file, { throwIfNoEntry: false })).toBeUndefined();
      await page.getByRole("link", { name: a.login.continue }).click();

      // The wizard: the church.
      await page.getByRole("heading", { name: a.setup.wizard.church.heading, exact: true }).waitFor();
      await checkScreen(page, "wizard church", width);
      await page.getByLabel(a.setup.wizard.church.nameEn, { exact: true }).fill(journey.church);
      await page.getByLabel(a.setup.wizard.church.nameEs, { exact: true }).fill(`${journey.church} (ES)`);
      await page.getByLabel(a.setup.wizard.church.streetAddress).fill("77 Mesa Road");
      await page.getByLabel(a.setup.wizard.church.city).fill("Santa Fe");
      await page.getByLabel(a.setup.wizard.church.region).fill("NM");
      await page.getByLabel(a.setup.wizard.church.postalCode).fill("87501");
      await page.getByLabel(a.setup.wizard.church.phone).fill("(505) 555-0188");
      await page.getByLabel(a.setup.wizard.church.smsKeyword).fill("GRACE");
      await page.getByLabel(a.setup.wizard.church.timeZone).selectOption("America/Denver");
      await page.getByRole("button", { name: a.setup.wizard.church.save }).click();

      // Service times: the demo's go, the church's own comes.
      await page.getByRole("heading", { name: a.setup.wizard.times.heading, exact: true }).waitFor();
      await checkScreen(page, "wizard times", width);
      const deleteButtons = page.locator('#service-times input[name="intent"][value="delete-service-time"] ~ button');
      for (let left = await deleteButtons.count(); left > 0; left--) {
        await deleteButtons.first().click();
        await expect.poll(() => deleteButtons.count()).toBe(left - 1);
      }
      const add = page.locator("#service-times form").last();
      await add.getByLabel(a.settings.serviceTimes.day).selectOption("0");
      await add.getByLabel(a.settings.serviceTimes.time).fill("10:30");
      await add.getByLabel(a.settings.serviceTimes.nameEn).fill("Sunday Gathering");
      await add.getByLabel(a.settings.serviceTimes.nameEs).fill("Reunión dominical");
      await add.getByRole("button", { name: a.settings.serviceTimes.add }).click();
      await page.getByRole("status").filter({ hasText: a.settings.serviceTimes.added }).first().waitFor();
      await continueWhenSettled(page, a.setup.wizard.continue);

      // Logo and colour: a light colour is refused (contrast), the church's own is kept.
      await page.getByRole("heading", { name: a.setup.wizard.look.heading, exact: true }).waitFor();
      await checkScreen(page, "wizard look", width);
      await page.getByLabel(a.settings.look.color, { exact: true }).last().fill("#f4d03f");
      await page.getByRole("button", { name: a.settings.look.saveColor }).click();
      await page.getByText(a.settings.look.errors.contrast.split("{{")[0]!).first().waitFor();
      await page.getByLabel(a.settings.look.color, { exact: true }).last().fill(journey.color);
      await page.getByRole("button", { name: a.settings.look.saveColor }).click();
      await page.getByRole("status").filter({ hasText: a.settings.look.saved }).first().waitFor();
      const logo = await sharp({ create: { width: 120, height: 120, channels: 4, background: journey.color } })
        .png()
        .toBuffer();
      await page.getByLabel(a.settings.look.logo, { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
      await page.getByRole("button", { name: a.settings.look.uploadLogo }).click();
      await page.getByRole("status").filter({ hasText: a.settings.look.logoSaved }).first().waitFor();
      await continueWhenSettled(page, a.setup.wizard.continue);

      // Start empty: the demo church goes (a backup first); what was filled in stays.
      await page.getByRole("heading", { name: a.setup.wizard.demo.heading, exact: true }).waitFor();
      await checkScreen(page, "wizard demo", width);
      await page.getByLabel(a.setup.wizard.demo.empty).check();
      await page.getByRole("button", { name: a.setup.wizard.continue }).click();
      await page.getByRole("heading", { name: a.setup.wizard.done.heading, exact: true }).waitFor({ timeout: 60_000 });
      await checkScreen(page, "wizard done", width);
      await page.getByRole("link", { name: a.setup.wizard.done.site }).click();

      // The public site is the church's own, in the language chosen.
      await page.waitForURL(`${base}/`);
      const name = language === "es" ? `${journey.church} (ES)` : journey.church;
      await expect(page.title()).resolves.toContain(name);
      const footer = page.locator("footer");
      await expect(footer.innerText()).resolves.toContain(language === "es" ? "Reunión dominical" : "Sunday Gathering");
      await expect(footer.innerText()).resolves.toMatch(/10:30/);
      await expect(footer.innerText()).resolves.toContain("(505) 555-0188");
      const html = await page.content();
      // Nothing of the demo church is left, nor of its facts in the profile staff wrote over.
      expect(html).not.toMatch(
        /Living Hope|Esperanza Viva|Hear\. Understand\. Live\.|Escuchar\. Entender\. Vivir\.|facebook\.com|openstreetmap|\/media\/demo\//,
      );
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-700").trim());
      expect(brand).toBe(journey.color);
      await expect(page.locator("header img").first().getAttribute("src")).resolves.toMatch(/^\/uploads\/.+-480\.webp$/);
      await checkScreen(page, "home after setup", width);

      // The setup is gone.
      const again = await page.goto(`${base}/admin/setup`);
      expect(again?.status()).toBe(404);
    });
  }
});
