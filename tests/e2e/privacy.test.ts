// Privacy (reliability point 8) in the browser: the privacy page in both languages (axe, 360 px,
// reached from the footer, retention periods as set), and a member downloading their data and
// deleting their account from /settings with the keyboard only.
import { text } from "node:stream/consumers";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { waitForEmlTo } from "../support/mail-links";
import { MEMBER_PASSWORD, signUpMember } from "../support/member-sign-up";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const dataDir = e2eServer().dataDir;
const mobile = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Presses Tab (at most `max` times) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 250): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

describe("/privacy", () => {
  test.each([
    {
      language: "en",
      title: "Privacy",
      retention: "How long we keep it",
      wall: /deleted 90 days after they leave the wall/,
      chat: /Live-chat messages: deleted 30 days/,
    },
    {
      language: "es",
      title: "Privacidad",
      retention: "Cuánto tiempo la guardamos",
      wall: /se eliminan 90 días después de salir del muro/,
      chat: /chat en vivo: se eliminan 30 días/,
    },
  ])(
    "in $language: the periods as set, the church's contacts, axe-clean, fits 360 px",
    async ({ language, title, retention, wall, chat }) => {
      const page = await browser.newPage(mobile);
      await visit(page, `/privacy?lang=${language}`);
      expect(await page.getAttribute("html", "lang")).toBe(language);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByRole("heading", { level: 2, name: retention }).waitFor();
      const periods = await page.getByTestId("retention-periods").innerText();
      expect(periods).toMatch(wall);
      expect(periods).toMatch(chat);
      const section = (id: string) => page.locator(`section[aria-labelledby="privacy-${id}"]`);
      expect(await section("contact").getByRole("link").count()).toBeGreaterThanOrEqual(1);
      expect(await section("cookies").innerText()).toContain("church.session_token");
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/privacy?lang=${language} at 360 px`);
    },
  );

  test("the footer links to it, and it is in the sitemap in both languages", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL("**/privacy");
    await page.getByRole("heading", { level: 1, name: "Privacy" }).waitFor();
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/privacy<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/privacy\?lang=es<\/loc>/);
  });
});

describe("download and delete from /settings, by keyboard", () => {
  test("a member downloads a JSON file of their data, then deletes the account after a refused first try", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await visit(page, "/about");
    const email = await signUpMember(page, "Keyboard Leaver", "leaver");
    await visit(page, "/settings");
    await expectNoAxeViolations(page, "/settings with the privacy sections");

    // Download: Tab to the link, Enter; the browser saves an attachment and stays on the page.
    const link = page.getByRole("link", { name: "Download My Data" });
    await tabTo(page, link);
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await text(await download.createReadStream())) as { account: { email: string }; profile: { fullName: string } };
    expect(data.account.email).toBe(email);
    expect(data.profile.fullName).toBe("Keyboard Leaver");
    expect(new URL(page.url()).pathname).toBe("/settings");

    // Delete: a wrong word is refused in place, with the cursor back in the field.
    const deleteSection = page.locator("#delete-account");
    const confirmation = deleteSection.getByLabel("Type DELETE to confirm");
    await tabTo(page, confirmation);
    await page.keyboard.type("remove me");
    await page.keyboard.press("Tab");
    await page.keyboard.type(MEMBER_PASSWORD);
    await page.keyboard.press("Enter");
    await expect.poll(() => deleteSection.getByRole("alert").innerText()).toContain("Type DELETE to confirm.");
    await expect.poll(() => confirmation.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await confirmation.getAttribute("aria-invalid")).toBe("true");

    // The form was remounted: type both fields again, by keyboard.
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("DELETE");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(MEMBER_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("deleted") === "1");
    await page.locator("[data-toast]").filter({ hasText: "Your account has been deleted." }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign In / Join" }).waitFor();

    // Signed out for good, and the last email says so.
    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/auth");
    const response = await page.request.get("/settings/my-data.json", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const mail = await waitForEmlTo(dataDir, email, 1);
    expect(mail).toContain("Your account at");
    expect(mail).toContain("has been deleted");
  });
});
