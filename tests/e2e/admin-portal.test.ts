import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { visibleSections, adminSectionHref } from "~/features/admin/admin-sections";
import en from "~/i18n/locales/en/admin";
import { baseURL, setupBrowser, visit } from "../support/browser";
import { callbackLink, waitForEmlTo } from "../support/mail-links";
import { secretFromOtpauth, totp } from "../support/totp";

const browser = setupBrowser();
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Refused forms answer 4xx; Chromium logs those fetches as console errors. */
const formErrors = [/status of 4\d\d/];

/** The TOTP key the admin enrolled with in the first test (the later ones sign in with it). */
let secret = "";

async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(", ")}`)).toEqual([]);
}

async function signIn(page: Page) {
  await visit(page, "/admin/login");
  await page.getByLabel("Email").first().fill(adminEmail);
  await page.getByLabel("Password").fill(adminPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: en.login.codeHeading }).waitFor();
  await page.getByLabel("Code").fill(totp(secret));
  await page.getByRole("button", { name: en.login.verify }).click();
  await page.getByRole("heading", { name: en.dashboard.title, level: 1 }).waitFor();
}

describe("admin portal", () => {
  test("the administrator made by admin:create signs in, enrols an authenticator, and sees backup codes once", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    const response = await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: en.login.title }).waitFor();
    await expectAccessible(page, "login");

    // A wrong password first: the spec's message.
    await page.getByLabel("Email").first().fill(adminEmail);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: en.login.errors.authenticationFailed }).waitFor();

    await page.getByLabel("Email").first().fill(adminEmail);
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: en.login.enrolHeading }).waitFor();
    await expect(page.getByRole("img", { name: en.login.qrAlt }).isVisible()).resolves.toBe(true);
    const shown = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    const uri = await page.locator('input[name="totpUri"]').inputValue();
    expect(shown).toBe(secretFromOtpauth(uri));
    secret = shown;
    await expectAccessible(page, "enrolment");

    await page.getByLabel("Code").fill(totp(secret));
    await page.getByRole("button", { name: en.login.confirm }).click();
    await page.getByRole("heading", { name: en.login.backupHeading }).waitFor();
    const codes = await page.getByTestId("backup-codes").locator("li").allInnerTexts();
    expect(codes.length).toBeGreaterThanOrEqual(8);
    await page.getByRole("link", { name: en.login.continue }).click();
    await page.getByRole("heading", { name: en.dashboard.title, level: 1 }).waitFor();
    await expectAccessible(page, "dashboard");
  });

  test("a super admin visits every section from the sidebar; each passes axe; unknown paths say 'Not found'", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 404/] });
    await signIn(page);
    const nav = page.getByRole("navigation", { name: en.portal.navLabel });
    for (const section of visibleSections(["admin:*"])) {
      await nav.getByRole("link", { name: en.sections[section.id], exact: true }).click();
      await page.waitForURL((url) => url.pathname === adminSectionHref(section));
      await page.getByRole("heading", { level: 1, name: section.id === "dashboard" ? en.dashboard.title : en.sections[section.id] }).waitFor();
      await expectAccessible(page, section.id);
    }
    // Breadcrumbs per the spec's table.
    await visit(page, "/admin/users");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.innerText()).resolves.toMatch(/Home\s*Admin\s*User Management/);
    await visit(page, "/admin/no-such-section", 404);
    await page.getByRole("heading", { name: en.portal.notFoundTitle }).waitFor();
    await visit(page, "/admin/session-update");
    await page.getByRole("heading", { level: 1, name: en.session.title }).waitFor();
    await expectAccessible(page, "session-update");
  });

  test("on a 360 px phone the sections are behind a menu button", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await signIn(page);
    const menu = page.getByRole("button", { name: en.portal.menu });
    await menu.click();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByRole("navigation", { name: en.portal.navLabel }).getByRole("link", { name: en.sections.settings }).click();
    await page.waitForURL("**/admin/settings");
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest("[role=region]"))
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
    );
    expect(wide).toEqual([]);
    await expectAccessible(page, "settings at 360 px");
  });

  test("logout ends the admin session: /admin goes back to the login page", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole("button", { name: en.portal.logout }).click();
    await page.getByRole("heading", { name: en.login.codeHeading }).or(page.getByRole("heading", { name: en.login.title })).first().waitFor();
    await page.goto("/admin/users");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
  });

  test("a plain member is refused: no portal, and their password doesn't open it", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    // A confirmed, signed-in member (sign-up posted as the dialog posts it, then the email link).
    const email = `plain-member-${Date.now()}@example.test`;
    const password = "member-passphrase-9";
    const signup = await page.request.post("/auth", {
      form: { intent: "signup-email", fullName: "Plain Member", email, password, confirmPassword: password, username: "", phone: "" },
      headers: { Origin: baseURL },
    });
    expect(signup.status()).toBeLessThan(400);
    await page.goto(callbackLink(await waitForEmlTo(inject("dataDir"), email)).toString());
    await page.goto("/admin/members");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByText(en.login.notAdmin.replace("{{name}}", "Plain Member")).waitFor();
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: en.login.errors.invalidCredentials }).waitFor();
  });
});
