import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { authEmailStrings } from "~/features/auth/auth-email-strings";
import enAuth from "~/i18n/locales/en/auth";
import esAuth from "~/i18n/locales/es/auth";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import { setupBrowser, visit } from "../support/browser";
import { resetPasswordLink, waitForEmlTo } from "../support/mail-links";
import { signUpMember } from "../support/member-sign-up";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";
import { runAxe } from "../support/axe";

// "Forgot your password?" from the sign-in form to signing in with the new password, through
// the emailed link: on /auth in English and in the dialog in Spanish, at 360 px, with axe at
// every step; and the same without JavaScript.

const browser = setupBrowser();
const dataDir = e2eServer().dataDir;
const mobile = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true };
/** Refused forms and the dead-link page answer 4xx; Chromium logs those as console errors. */
const formErrors = [/status of 4\d\d/];
const NEW_PASSWORD = "a-new-leaf-passphrase-6";

const texts = {
  en: { auth: enAuth, common: enCommon, email: "Email", password: "Password" },
  es: { auth: esAuth, common: esCommon, email: "Correo electrónico", password: "Contraseña" },
} as const;

async function expectAxeClean(page: Page, scope: "main" | "dialog", where: string) {
  if (scope === "main") return expectNoAxeViolations(page, where);
  const results = await runAxe(page, { include: "dialog[open]" });
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
    `axe on ${where}`,
  ).toEqual([]);
}

async function expectAlert(scope: Locator, text: string) {
  await expect.poll(() => scope.getByRole("alert").allInnerTexts()).toContainEqual(text);
}

describe("password reset", () => {
  for (const language of ["en", "es"] as const) {
    const { auth: t, common, email: emailLabel, password: passwordLabel } = texts[language];
    const surface = language === "en" ? "the /auth page" : "the dialog";

    test(`${language}: from ${surface} through the email to signing in with the new password, at 360 px`, async () => {
      // A member signed in on another device: that session must end with the reset.
      const otherDevice = await browser.newPage();
      if (language === "es") await visit(otherDevice, "/?lang=es"); // the member's language: Spanish
      const email = await signUpMember(otherDevice, "Rosa Olvido", `reset-${language}`);
      expect((await otherDevice.goto("/settings"))?.status()).toBe(200);

      const page = await browser.newPage({ ...mobile, allowConsoleErrors: formErrors });
      let scope: Locator;
      if (language === "en") {
        await visit(page, "/auth?tab=signin");
        scope = page.getByRole("main");
      } else {
        await visit(page, "/about?lang=es");
        await page.getByRole("button", { name: common.nav.openMenu }).click();
        await page.getByRole("dialog", { name: common.nav.menuTitle }).getByRole("link", { name: common.nav.signInJoin }).click();
        scope = page.getByRole("dialog").filter({ has: page.getByRole("tablist") });
        await scope.getByRole("tablist").waitFor();
      }
      const axeScope = language === "en" ? "main" : "dialog";

      // The link sits in the email sign-in form; the request form takes its place.
      await scope.getByRole("link", { name: t.signin.forgotPassword }).click();
      await scope.getByRole("heading", { name: t.reset.requestTitle }).waitFor();
      expect(await scope.getByText(t.reset.phoneNote).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectAxeClean(page, axeScope, `request form (${language})`);
      const send = scope.getByRole("button", { name: t.reset.submit });
      await send.click();
      await expectAlert(scope, t.errors.emailRequiredForReset);
      await scope.getByLabel(emailLabel, { exact: true }).fill(email);
      await send.click();
      await scope.getByRole("status").filter({ hasText: t.reset.sent }).waitFor();
      await expectAxeClean(page, axeScope, `request sent (${language})`);

      // The mail, in the member's language.
      const mail = await waitForEmlTo(dataDir, email, 1);
      expect(mail).toContain(authEmailStrings[language].passwordReset.action);
      const link = resetPasswordLink(mail);
      expect(link.searchParams.get("lang")).toBe(language === "es" ? "es" : null);

      // The new-password page: the sign-up rules and messages.
      await visit(page, `${link.pathname}${link.search}`);
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 1, name: t.reset.newTitle }).waitFor();
      expect(await main.getByText(t.reset.account.replace("{{email}}", email)).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `new-password form (${language})`);
      const password = main.getByLabel(t.settings.newPassword, { exact: true });
      const confirm = main.getByLabel(t.settings.confirmNewPassword, { exact: true });
      const save = main.getByRole("button", { name: t.reset.save });
      await save.click();
      await expectAlert(main, t.errors.newPasswordRequired);
      await password.fill("abcdefg");
      await confirm.fill("abcdefh");
      await save.click();
      await expectAlert(main, t.errors.passwordsDoNotMatch);
      expect(await confirm.getAttribute("aria-invalid")).toBe("true");
      await password.fill("abc");
      await confirm.fill("abc");
      await save.click();
      await expectAlert(main, t.errors.passwordTooShort);
      await password.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await save.click();
      await main.getByRole("heading", { level: 1, name: t.reset.doneTitle }).waitFor();
      await expectNoAxeViolations(page, `password changed (${language})`);

      // The other device is signed out.
      await otherDevice.goto("/settings");
      expect(new URL(otherDevice.url()).pathname).toBe("/auth");

      // Signing in with the new password.
      await main.getByRole("link", { name: t.reset.signIn }).click();
      await page.waitForURL(/\/auth\?tab=signin/);
      const form = page.getByRole("main");
      await form.getByLabel(emailLabel, { exact: true }).fill(email);
      await form.getByLabel(passwordLabel, { exact: true }).fill(NEW_PASSWORD);
      await form.getByRole("button", { name: t.signin.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await visit(page, "/settings");
      await page.getByRole("heading", { level: 1, name: t.settings.title }).waitFor();

      // The link worked once: now it says so, with the form to ask again.
      await visit(page, `${link.pathname}${link.search}`, 400);
      await page.getByRole("heading", { level: 1, name: t.reset.invalidTitle }).waitFor();
      await expectAlert(page.getByRole("main"), t.errors.resetLinkInvalid);
      expect(await page.getByRole("main").getByRole("button", { name: t.reset.submit }).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `dead link (${language})`);
    });
  }

  test("the same flow works without JavaScript", async () => {
    const email = await signUpMember(await browser.newPage(), "Noé Sinjs", "reset-nojs");
    const page = await browser.newPage({ ...mobile, javaScriptEnabled: false, allowConsoleErrors: formErrors });
    await page.goto("/auth?tab=signin");
    await page.getByRole("link", { name: enAuth.signin.forgotPassword }).click();
    await page.waitForURL(/\/auth\/reset-password$/);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: enAuth.reset.submit }).click();
    await page.getByText(enAuth.reset.sent).waitFor();

    const link = resetPasswordLink(await waitForEmlTo(dataDir, email, 1));
    await page.goto(link.toString());
    await page.getByLabel(enAuth.settings.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(enAuth.settings.confirmNewPassword, { exact: true }).fill("not-the-same-1");
    await page.getByRole("button", { name: enAuth.reset.save }).click();
    await page.getByText(enAuth.errors.passwordsDoNotMatch).waitFor();
    await page.getByLabel(enAuth.settings.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(enAuth.settings.confirmNewPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: enAuth.reset.save }).click();
    await page.getByRole("heading", { name: enAuth.reset.doneTitle }).waitFor();

    await page.getByRole("link", { name: enAuth.reset.signIn }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: enAuth.signin.submit, exact: true }).click();
    await page.getByText(enAuth.callback.success).waitFor();
  });
});
