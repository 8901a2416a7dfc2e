import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import en from "~/i18n/locales/en/admin";
import { baseURL, setupBrowser, visit, type NewPageOptions } from "../support/browser";
import { callbackLink, waitForEmlTo } from "../support/mail-links";
import { signUpMember } from "../support/member-sign-up";
import { secretFromOtpauth, unusedTotp } from "../support/totp";
import { e2eServer } from "../support/e2e-server";
import { expectPageAccessible, overflowing } from "../support/page-checks";

const browser = setupBrowser();
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");
/** Refused forms answer 4xx; Chromium logs those fetches as console errors. */
const formErrors = [/status of 4\d\d/];

/** The TOTP key the admin enrolled with in the first test (the later ones sign in with it). */
let secret = "";

async function signIn(page: Page) {
  await visit(page, "/admin/login");
  await page.getByLabel("Email").first().fill(adminEmail);
  await page.getByLabel("Password").fill(adminPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: en.login.codeHeading }).waitFor();
  await page.getByLabel("Code").fill(await unusedTotp(secret));
  await page.getByRole("button", { name: en.login.verify }).click();
  await page.getByRole("heading", { name: en.dashboard.title, level: 1 }).waitFor();
}

/**
 * The portal's cookies after the first test's sign-in (or the first `signedInPage()`); the later
 * tests start from them. Signing in is tested in the first and the logout tests; every sign-in
 * past the third in 30 s waits for a new authenticator code (unusedTotp), ~1 min in all here.
 */
let signedInState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/** A page in a browser signed in to the portal as the super admin, on the dashboard. */
async function signedInPage(options: NewPageOptions = {}): Promise<Page> {
  if (!signedInState) {
    const page = await browser.newPage(options);
    await signIn(page);
    signedInState = await page.context().storageState();
    return page;
  }
  const page = await browser.newPage({ ...options, storageState: signedInState });
  await visit(page, "/admin");
  await page.getByRole("heading", { name: en.dashboard.title, level: 1 }).waitFor();
  return page;
}

// Each authenticator code works once (RFC 6238 §5.2), so a sign-in soon after three others
// waits up to 30 s for a new code (unusedTotp): room for that on top of the longest tests.
describe("admin portal", { timeout: 120_000 }, () => {
  test("the administrator made by admin:create signs in, enrols an authenticator, and sees backup codes once", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    const response = await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: en.login.title }).waitFor();
    await expectPageAccessible(page, "login");

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
    await expectPageAccessible(page, "enrolment");

    await page.getByLabel("Code").fill(await unusedTotp(secret));
    await page.getByRole("button", { name: en.login.confirm }).click();
    await page.getByRole("heading", { name: en.login.backupHeading }).waitFor();
    const codes = await page.getByTestId("backup-codes").locator("li").allInnerTexts();
    expect(codes.length).toBeGreaterThanOrEqual(8);
    await page.getByRole("link", { name: en.login.continue }).click();
    await page.getByRole("heading", { name: en.dashboard.title, level: 1 }).waitFor();
    await expectPageAccessible(page, "dashboard");
    signedInState = await page.context().storageState();
  });

  test("breadcrumbs follow the spec's table; unknown paths say 'Not found'; the session page passes axe", async () => {
    // Each section from the sidebar, at 360 px and by keyboard: tests/e2e/admin-sections.test.ts.
    const page = await signedInPage({ allowConsoleErrors: [/status of 404/] });
    // Breadcrumbs per the spec's table.
    await visit(page, "/admin/users");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.innerText()).resolves.toMatch(/Home\s*Admin\s*User Management/);
    await visit(page, "/admin/no-such-section", 404);
    await page.getByRole("heading", { name: en.portal.notFoundTitle }).waitFor();
    await visit(page, "/admin/session-update");
    await page.getByRole("heading", { level: 1, name: en.session.title }).waitFor();
    await expectPageAccessible(page, "session-update");
  });

  test("on a 360 px phone the sections are behind a menu button", async () => {
    const page = await signedInPage({ viewport: { width: 360, height: 740 } });
    const menu = page.getByRole("button", { name: en.portal.menu });
    await menu.click();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByRole("navigation", { name: en.portal.navLabel }).getByRole("link", { name: en.sections.settings }).click();
    await page.waitForURL("**/admin/settings");
    expect(await overflowing(page)).toEqual([]);
    await expectPageAccessible(page, "settings at 360 px");
  });

  test("the admin edits the home headline in Spanish, by keyboard, and sees it on / in Spanish", async () => {
    const page = await signedInPage();
    await visit(page, "/admin/content");
    const editor = page.locator("article").filter({ has: page.getByRole("heading", { name: "home.hero", exact: true }) });
    const spanishTitle = editor.getByLabel(en.content.labels.titleEs);
    const original = await spanishTitle.inputValue();
    const headline = `Bienvenidos a casa ${Date.now()}`;
    const save = async (value: string) => {
      await spanishTitle.focus();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(value);
      // From the field to its form's Save button by Tab alone, then Enter.
      const saveName = en.content.save.replace("{{label}}", "home.hero");
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === saveName) break;
      }
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("BUTTON");
      await page.keyboard.press("Enter");
      await editor.getByText(en.content.messages.saved).waitFor();
    };
    try {
      await save(headline);
      // The English side is untouched, the Spanish page shows the new headline at once.
      const spanish = await browser.newPage();
      await visit(spanish, "/?lang=es");
      await expect(spanish.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(headline);
      await visit(spanish, "/?lang=en");
      await expect(spanish.getByRole("heading", { level: 1 }).innerText()).resolves.not.toBe(headline);
      // The change is in the audit log.
      await visit(page, "/admin/audit");
      await page.getByText("home.hero").first().waitFor();
    } finally {
      await visit(page, "/admin/content");
      await save(original);
    }
  });

  test("events: the admin creates an event, it is public in both languages, a member RSVPs and cancels, and is checked in", async () => {
    const admin = await signedInPage();
    await visit(admin, "/admin/events/new");
    const title = `Choir Night ${Date.now()}`;
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await admin.getByLabel(en.events.form.titleEn, { exact: true }).fill(title);
    await admin.getByLabel(en.events.form.titleEs, { exact: true }).fill(`Noche de coro ${title.slice(11)}`);
    await admin.getByLabel(en.events.form.descriptionEn, { exact: true }).fill("An evening of hymns.");
    await admin.getByLabel(en.events.form.descriptionEs, { exact: true }).fill("Una noche de himnos.");
    await admin.getByLabel(en.events.form.startDate, { exact: true }).fill(date);
    await admin.getByLabel(en.events.form.startTime, { exact: true }).fill("19:00");
    await admin.getByLabel(en.events.form.endTime, { exact: true }).fill("20:30");
    await admin.getByLabel(en.events.form.locationName, { exact: true }).fill("Sanctuary");
    await admin.getByLabel(en.events.form.capacity, { exact: true }).fill("20");
    await admin.getByRole("button", { name: en.events.form.create }).click();
    await admin.getByText(en.events.messages.created).waitFor();
    const slug = new URL(admin.url()).pathname.split("/").pop();
    expect(slug).toMatch(/^\d+$/);

    // Public, in English and in Spanish.
    const visitor = await browser.newPage();
    await visit(visitor, "/events");
    await visitor.getByRole("main").getByRole("link", { name: title }).first().waitFor();
    await visit(visitor, "/events?lang=es");
    await visitor
      .getByRole("main")
      .getByRole("link", { name: `Noche de coro ${title.slice(11)}` })
      .first()
      .waitFor();

    // A member RSVPs with one click, then cancels.
    const member = await browser.newPage();
    // Signed up and confirmed with the guided tour taken: the tour starts by itself 1.5 s after a
    // new member's first page and its overlay would take the click (tests/e2e/tour.test.ts).
    await signUpMember(member, "Rita Member", "rsvp-member");
    await visit(member, "/events");
    await member.getByRole("main").getByRole("link", { name: title }).first().click();
    await member.getByRole("heading", { level: 1, name: title }).waitFor();
    await member.getByRole("button", { name: "I'm going" }).click();
    await member.getByText("You're going.").first().waitFor();
    await member.getByRole("button", { name: "Cancel my RSVP" }).click();
    await member.getByText("Your RSVP has been cancelled.").waitFor();
    await member.getByRole("button", { name: "I'm going" }).click();
    await member.getByText("You're going.").first().waitFor();

    // Check-in at the door, in the registrations section.
    const eventId = slug!;
    await visit(admin, `/admin/event-registrations?event=${eventId}`);
    await admin.getByRole("button", { name: en.registrations.checkInFor.replace("{{name}}", "Rita Member") }).click();
    await admin.getByRole("button", { name: en.registrations.undoCheckInFor.replace("{{name}}", "Rita Member") }).waitFor();
    await expectPageAccessible(admin, "event-registrations after check-in");
  });

  test("logout ends the admin session: /admin goes back to the login page", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole("button", { name: en.portal.logout }).click();
    await page
      .getByRole("heading", { name: en.login.codeHeading })
      .or(page.getByRole("heading", { name: en.login.title }))
      .first()
      .waitFor();
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
    await page.goto(callbackLink(await waitForEmlTo(e2eServer().dataDir, email)).toString());
    await page.goto("/admin/members");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByText(en.login.notAdmin.replace("{{name}}", "Plain Member")).waitFor();
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: en.login.errors.invalidCredentials }).waitFor();
  });
});
