import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en/common";
import es from "~/i18n/locales/es/common";
import { waitForEmlTo, callbackLink } from "../support/mail-links";
import { setupBrowser, visit } from "../support/browser";
import { completeTour } from "../support/member-sign-up";
import { e2eServer } from "../support/e2e-server";
import { runAxe } from "../support/axe";

const browser = setupBrowser();
const dataDir = e2eServer().dataDir;
const PASSWORD = "grace-and-peace-7";
/** Refused forms answer 4xx; Chromium logs those fetches as console errors. */
const formErrors = [/status of 4\d\d/];
let counter = 0;
const uniqueEmail = () => `e2e-${Date.now()}-${++counter}@example.test`;
const uniquePhone = () => `+1555${String(Date.now() + ++counter).slice(-7)}`;

async function openDialog(page: Page) {
  // Guests see "Sign In" instead of "Sign In / Join".
  const banner = page.getByRole("banner");
  await banner
    .getByRole("link", { name: "Sign In / Join" })
    .or(banner.getByRole("link", { name: "Sign In", exact: true }))
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tablist").waitFor();
  return dialog;
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-toast]").filter({ hasText: title }).last();
  await toast.waitFor();
  if (description) expect(await toast.innerText()).toContain(description);
}

function smsCodeFor(phone: string): string {
  const lines = readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8")
    .trim()
    .split("\n");
  const line = lines
    .map((l) => JSON.parse(l) as { to: string; body: string })
    .filter((l) => l.to === phone)
    .pop();
  const code = line?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

async function waitForSms(phone: string) {
  for (let i = 0; i < 100; i++) {
    try {
      return smsCodeFor(phone);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`no SMS to ${phone}`);
}

/** Signs up through the dialog and follows the confirmation email: a confirmed member. */
async function signUpAndConfirm(page: Page, email: string, fullName = "Grace Hopper") {
  const dialog = await openDialog(page);
  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await dialog.getByLabel("Full name").fill(fullName);
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account Created", "Please check your email to confirm your account.");
  const link = callbackLink(await waitForEmlTo(dataDir, email));
  await page.goto(link.toString());
  await page.getByRole("heading", { name: "Signing you in" }).waitFor();
}

describe("auth dialog", () => {
  test("opens from the header with the four tabs, by keyboard too", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    const dialog = await openDialog(page);
    const tabs = dialog.getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual(["Guest", "Sign In", "Magic Link", "Sign Up"]);
    expect(await dialog.getByRole("tab", { selected: true }).innerText()).toBe("Sign In");
    await dialog.getByRole("tab", { name: "Sign In" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("tab", { selected: true }).innerText()).toBe("Magic Link");
    await page.keyboard.press("End");
    expect(await dialog.getByRole("tab", { selected: true }).innerText()).toBe("Sign Up");
    const results = await runAxe(page);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  for (const [language, texts] of [
    [
      "en",
      {
        open: "Sign In / Join",
        signUp: "Sign Up",
        create: "Create Account",
        fullName: "Full name",
        email: "Email",
        password: "Password",
        confirm: "Confirm password",
        required: "Full name, email, and password are required",
        mismatch: "Passwords do not match",
        short: "Password must be at least 6 characters long",
        signIn: "Sign In",
        signInRequired: "Email and password are required",
        phone: "Phone",
        phoneRequired: "Phone and password are required",
        magic: "Magic Link",
        send: "Send Magic Link",
        magicRequired: "Email is required for magic link",
      },
    ],
    [
      "es",
      {
        open: "Iniciar sesión / Unirse",
        signUp: "Registrarse",
        create: "Crear cuenta",
        fullName: "Nombre completo",
        email: "Correo electrónico",
        password: "Contraseña",
        confirm: "Confirmar contraseña",
        required: "El nombre completo, el correo y la contraseña son obligatorios",
        mismatch: "Las contraseñas no coinciden",
        short: "La contraseña debe tener al menos 6 caracteres",
        signIn: "Iniciar sesión",
        signInRequired: "El correo y la contraseña son obligatorios",
        phone: "Teléfono",
        phoneRequired: "El teléfono y la contraseña son obligatorios",
        magic: "Enlace mágico",
        send: "Enviar enlace mágico",
        magicRequired: "El correo es obligatorio para el enlace mágico",
      },
    ],
  ] as const) {
    test(`every validation message, ${language}`, async () => {
      const page = await browser.newPage({ allowConsoleErrors: formErrors });
      await visit(page, `/about?lang=${language}`);
      await page.getByRole("banner").getByRole("link", { name: texts.open }).click();
      const dialog = page.getByRole("dialog");
      const alert = dialog.getByRole("alert");

      await dialog.getByRole("tab", { name: texts.signIn, exact: true }).click();
      await dialog.getByRole("button", { name: texts.signIn, exact: true }).click();
      await expect.poll(() => alert.innerText()).toContain(texts.signInRequired);
      await dialog.getByRole("link", { name: texts.phone, exact: true }).click();
      await dialog.getByRole("button", { name: texts.signIn, exact: true }).click();
      await expect.poll(() => alert.innerText()).toContain(texts.phoneRequired);

      await dialog.getByRole("tab", { name: texts.magic }).click();
      await dialog.getByRole("button", { name: texts.send }).click();
      await expect.poll(() => alert.innerText()).toContain(texts.magicRequired);

      await dialog.getByRole("tab", { name: texts.signUp }).click();
      const create = dialog.getByRole("button", { name: texts.create });
      await create.click();
      await expect.poll(() => alert.innerText()).toContain(texts.required);
      await dialog.getByLabel(texts.fullName).fill("Ana Reyes");
      await dialog.getByLabel(texts.email, { exact: true }).fill(uniqueEmail());
      await dialog.getByLabel(texts.password, { exact: true }).fill("abcdefg");
      await dialog.getByLabel(texts.confirm).fill("abcdefh");
      await create.click();
      await expect.poll(() => alert.innerText()).toContain(texts.mismatch);
      await dialog.getByLabel(texts.password, { exact: true }).fill("abc");
      await dialog.getByLabel(texts.confirm).fill("abc");
      await create.click();
      await expect.poll(() => alert.innerText()).toContain(texts.short);
    });
  }
});

describe("sign-up, confirmation, sign-in and sign-out", () => {
  test("sign up clears the form and returns to Sign In; the emailed link signs in; the menu signs out", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    await visit(page, "/about");
    const email = uniqueEmail();
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.getByLabel("Full name").fill("  Grace   Hopper ");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Confirm password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account Created", "Please check your email to confirm your account.");
    await expect.poll(() => dialog.getByRole("tab", { selected: true }).innerText()).toBe("Sign In");
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    expect(await dialog.getByLabel("Full name").inputValue()).toBe("");
    expect(await dialog.getByLabel("Email", { exact: true }).inputValue()).toBe("");

    // Before confirming: the spec's friendly text.
    await dialog.getByRole("tab", { name: "Sign In" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect
      .poll(() => dialog.getByRole("alert").innerText())
      .toContain("Please check your email and click the confirmation link first.");

    const mail = await waitForEmlTo(dataDir, email);
    expect(mail).toContain("Confirm your account");
    await page.goto(callbackLink(mail).toString());
    await page.getByText("Your email is confirmed and you're signed in.").waitFor();
    await expectToast(page, "Welcome back!", "You have been successfully signed in.");
    const menuButton = page.getByRole("banner").getByRole("button", { name: /Grace Hopper/ });
    await menuButton.waitFor();

    await menuButton.click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In / Join" }).waitFor();

    // Wrong password, then the right one.
    const again = await openDialog(page);
    await again.getByLabel("Email", { exact: true }).fill(email);
    await again.getByLabel("Password", { exact: true }).fill("not-the-password");
    await again.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => again.getByRole("alert").innerText()).toContain("Invalid email or password. Please try again.");
    await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await again.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Welcome back!", "You have been successfully signed in.");
    await again.waitFor({ state: "hidden" });
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Grace Hopper/ })
      .waitFor();
  });

  test("the /auth page works without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const email = uniqueEmail();
    await page.goto("/auth?tab=magic");
    await page.getByLabel("Email", { exact: true }).first().fill(email);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByText("Check your email for the sign-in link.").waitFor();
    const link = callbackLink(await waitForEmlTo(dataDir, email));
    await page.goto(link.toString());
    await page.getByText("You're signed in. Welcome!").waitFor();
  });
});

describe("magic link and SMS code", () => {
  test("a magic link from the dialog signs in", async () => {
    const page = await browser.newPage();
    await visit(page, "/events");
    const email = uniqueEmail();
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Magic Link" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByRole("button", { name: "Send Magic Link" }).click();
    await expectToast(page, "Magic Link Sent", "Check your email for the sign-in link.");
    await page.goto(callbackLink(await waitForEmlTo(dataDir, email)).toString());
    await page.getByText("You're signed in. Welcome!").waitFor();
    await page
      .getByRole("banner")
      .getByRole("button", { name: new RegExp(email.split("@")[0]!) })
      .waitFor();
  });

  test("a texted code signs in", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    await visit(page, "/events");
    const phone = uniquePhone();
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Magic Link" }).click();
    await dialog.getByText("Text me a code").click();
    await dialog.getByLabel("Phone", { exact: true }).fill(phone);
    await dialog.getByRole("button", { name: "Send Code" }).click();
    await expectToast(page, "Code Sent");
    const code = await waitForSms(phone);
    await dialog.getByLabel("Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: "Verify Code" }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toContain("That code is incorrect or has expired.");
    await dialog.getByLabel("Code", { exact: true }).fill(code);
    await dialog.getByRole("button", { name: "Verify Code" }).click();
    await expectToast(page, "Welcome back!");
    await page
      .getByRole("banner")
      .getByRole("button", { name: new RegExp(phone.slice(-4)) })
      .waitFor();
  });
});

describe("sign-up by phone", () => {
  test("a texted code creates the account and signs in; the name and password then sign in by phone", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    await visit(page, "/events");
    const phone = uniquePhone();
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.getByText("Sign up with phone").click();
    await dialog.getByLabel("Full name").fill("Lydia Purpura");
    await dialog.getByLabel(/^Phone/).fill(phone);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Confirm password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    // Only a code so far: no "Account Created" until the number is confirmed.
    await expectToast(page, "Code Sent", "Enter the code we texted you to confirm your number.");
    await dialog.getByLabel("Code", { exact: true }).fill(await waitForSms(phone));
    await dialog.getByRole("button", { name: "Verify Code" }).click();
    await expectToast(page, "Account Created", "Your account is ready and you're signed in.");
    const menu = page.getByRole("banner").getByRole("button", { name: /Lydia Purpura/ });
    await menu.waitFor();

    await menu.click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In / Join" }).waitFor();
    const again = await openDialog(page);
    await again.getByRole("link", { name: "Phone", exact: true }).click();
    await again.getByLabel("Phone", { exact: true }).fill(phone);
    await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await again.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Welcome back!", "You have been successfully signed in.");
    await menu.waitFor();
  });
});

describe("guest mode and the first-visit dialog", () => {
  test("the first-visit dialog opens about 1.5 s after a first visit, and never again once closed", async () => {
    const page = await browser.newPage({ firstVisit: true, allowConsoleErrors: formErrors });
    const started = Date.now();
    await page.goto("/about");
    const dialog = page.getByRole("dialog", { name: "Welcome!" });
    await dialog.waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await dialog.getByRole("button", { name: "I'm a member" }).click();
    const send = dialog.getByRole("button", { name: /Send/ });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel("Email", { exact: true }).fill("x@example.test");
    expect(await send.isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByRole("button", { name: "I'm a member" }).waitFor();

    // A send failure is a destructive 'Error' toast with the message.
    await dialog.getByRole("button", { name: "I'm a member" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByRole("button", { name: /Send/ }).click();
    const errorToast = page.locator('[data-toast="destructive"]');
    await errorToast.waitFor();
    expect(await errorToast.innerText()).toContain("Error");
    expect(await errorToast.innerText()).toContain("Please enter a valid email address.");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.reload();
    await page.waitForTimeout(2500);
    expect(await page.getByRole("dialog", { name: "Welcome!" }).isVisible()).toBe(false);
  });

  test("Continue as Guest persists on the device and is cleared at sign-out", async () => {
    const page = await browser.newPage({ firstVisit: true });
    await visit(page, "/about");
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Guest" }).click();
    await dialog.getByRole("button", { name: "Continue as Guest" }).click();
    await expectToast(page, "Continuing as Guest", "You can browse content. Sign in anytime to access member features.");
    const banner = page.getByRole("banner");
    await banner.getByText("Guest Mode").waitFor();
    await page.reload();
    await banner.getByText("Guest Mode").waitFor();
    await banner
      .getByRole("button", { name: "Sign In", exact: true })
      .or(banner.getByRole("link", { name: "Sign In", exact: true }))
      .first()
      .waitFor();
    // A guest is not offered the first-visit dialog.
    await page.waitForTimeout(2000);
    expect(await page.getByRole("dialog", { name: "Welcome!" }).isVisible()).toBe(false);

    const email = uniqueEmail();
    await signUpAndConfirm(page, email, "Guest Turned Member");
    const menu = page.getByRole("banner").getByRole("button", { name: /Guest Turned Member/ });
    await menu.click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In / Join" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("guest-mode"))).toBeNull();
  });
});

describe("/settings", () => {
  test("signed out it sends you to sign in; signed in it passes axe and saves the profile", async () => {
    const page = await browser.newPage();
    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/auth");
    const email = uniqueEmail();
    await visit(page, "/about");
    await signUpAndConfirm(page, email, "Settings Tester");
    // The guided tour (due for a new member) would open over the form 1.5 s after load.
    await completeTour(page);
    await visit(page, "/settings");
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    const results = await runAxe(page);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.getByLabel("Display name").fill("Tester S.");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Tester S\./ })
      .waitFor();
    // The form was replaced (post/redirect/get): focus continues from the section's notice.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches("#profile [role=status]") ?? false)).toBe(true);
  });

  test("a phone saved in the profile becomes the sign-in phone once a texted code confirms it", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    await visit(page, "/about");
    await signUpAndConfirm(page, uniqueEmail(), "Phone Confirmer");
    // The guided tour (due for a new member) would open over the form 1.5 s after load.
    await completeTour(page);
    await visit(page, "/settings");
    const phone = uniquePhone();
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Save Profile" }).click();
    const profile = page.locator("#profile");
    await profile.getByText(`${phone} isn't confirmed for signing in yet.`).waitFor();
    await profile.getByRole("button", { name: "Text Me a Code" }).click();
    await profile.getByText(`We texted a 6-digit code to ${phone}.`).waitFor();
    const code = await waitForSms(phone);
    const codeField = profile.getByLabel("Code from the text message");
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await profile.getByRole("button", { name: "Confirm Number" }).click();
    await expect.poll(() => profile.getByRole("alert").innerText()).toContain("That code is incorrect or has expired.");
    await codeField.fill(code);
    await profile.getByRole("button", { name: "Confirm Number" }).click();
    await expect
      .poll(() => profile.locator("[role=status]").innerText())
      .toContain("Your phone number is confirmed. You can now sign in with it.");
    expect(await profile.getByRole("button", { name: "Text Me a Code" }).count()).toBe(0);
    const results = await runAxe(page);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("a save that fails on the way says so in its form and keeps what was typed", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/net::ERR_/] });
    await visit(page, "/about");
    await signUpAndConfirm(page, uniqueEmail(), "Offline Saver");
    // The guided tour (due for a new member) would open over the form 1.5 s after load.
    await completeTour(page);
    await visit(page, "/settings");
    await page.route(/\/settings\.data(\?|$)/, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    await page.getByLabel("Display name").fill("Not Saved Yet");
    await page.getByRole("button", { name: "Save Profile" }).click();
    const alert = page.locator("#profile").getByRole("alert");
    await expect.poll(() => alert.innerText()).toContain("Something went wrong. Please try again.");
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    expect(await page.getByLabel("Display name").inputValue()).toBe("Not Saved Yet");
    await expect.poll(() => alert.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("audit fixes: toasts in dialogs, failed requests, focus, small screens", () => {
  test("a toast shown while the dialog is open is inside it, announced, and paused while focused", async () => {
    const page = await browser.newPage();
    await visit(page, "/events");
    const dialog = await openDialog(page);
    await dialog.getByRole("tab", { name: "Magic Link" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await dialog.getByRole("button", { name: "Send Magic Link" }).click();
    // getByRole inside the dialog: the toast is in the accessibility tree, not behind the modal.
    const toast = dialog.getByRole("status").filter({ hasText: "Magic Link Sent" });
    await toast.waitFor();
    expect(await dialog.ariaSnapshot()).toContain("Magic Link Sent");
    expect(
      await toast.evaluate((el) => ({
        inOpenDialog: el.closest("dialog")?.matches(":modal") ?? false,
        inert: el.closest("[inert]") !== null,
        live: el.closest("[aria-live]")?.getAttribute("aria-live"),
      })),
    ).toEqual({ inOpenDialog: true, inert: false, live: "polite" });
    // Its close button takes focus, which pauses the 6 s auto-dismiss (WCAG 2.2.1).
    const close = toast.getByRole("button", { name: /^Close/ });
    await close.focus();
    expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(6500);
    expect(await toast.isVisible()).toBe(true);
    await close.click();
    await toast.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
  });

  test("a dialog POST that fails on the way says 'Something went wrong' in the form; the page stays", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/net::ERR_/] });
    await visit(page, "/about");
    const heading = await page.getByRole("heading", { level: 1 }).innerText();
    const dialog = await openDialog(page);
    await page.route(/\/auth\.data(\?|$)/, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    await dialog.getByLabel("Email", { exact: true }).fill(uniqueEmail());
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toContain("Something went wrong. Please try again.");
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);
    // The button kept the focus (aria-disabled while pending, not disabled).
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Sign In");
  });

  test("the first-visit dialog's send failure: an 'Error' toast in the dialog and the message inline", async () => {
    const page = await browser.newPage({ firstVisit: true, allowConsoleErrors: [/net::ERR_/] });
    await page.route(/\/auth\.data(\?|$)/, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    await page.goto("/about");
    const dialog = page.getByRole("dialog", { name: "Welcome!" });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole("button", { name: "I'm a member" }).click();
    const email = dialog.getByLabel("Email", { exact: true });
    await email.fill(uniqueEmail());
    await dialog.getByRole("button", { name: /Send/ }).click();
    const errorToast = dialog.getByRole("alert").filter({ hasText: "Error" }).and(page.locator("[data-toast]"));
    await errorToast.waitFor();
    expect(await errorToast.innerText()).toContain("Something went wrong. Please try again.");
    const inline = dialog.locator("form").getByRole("alert");
    expect(await inline.innerText()).toBe("Something went wrong. Please try again.");
  });

  test("the first-visit dialog, closed, leaves focus on the main landmark", async () => {
    const page = await browser.newPage({ firstVisit: true });
    await page.goto("/about");
    const dialog = page.getByRole("dialog", { name: "Welcome!" });
    await dialog.waitFor({ timeout: 10_000 });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("the first-visit dialog does not come back after signing in (emailed link) and out", async () => {
    const page = await browser.newPage({ firstVisit: true });
    await visit(page, "/auth?tab=magic");
    const email = uniqueEmail();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expectToast(page, "Magic Link Sent");
    await page.goto(callbackLink(await waitForEmlTo(dataDir, email)).toString());
    await page.getByText("You're signed in. Welcome!").waitFor();
    await visit(page, "/about");
    const menu = page.getByRole("banner").getByRole("button", { name: new RegExp(email.split("@")[0]!) });
    await menu.click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In / Join" }).waitFor();
    await page.waitForTimeout(2500);
    expect(await page.getByRole("dialog", { name: "Welcome!" }).isVisible()).toBe(false);
    await page.reload();
    await page.waitForTimeout(2500);
    expect(await page.getByRole("dialog", { name: "Welcome!" }).isVisible()).toBe(false);
  });

  test("signing in from the dialog leaves focus on the account menu button", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    const email = uniqueEmail();
    await signUpAndConfirm(page, email, "Focus Keeper");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: /Focus Keeper/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await banner.getByRole("link", { name: "Sign In / Join" }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

    // A fresh page, and the menu's chunk slow to arrive: focus lands on its placeholder first.
    await page.route(/\/assets\/member-ui-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.fallback();
    });
    await visit(page, "/about");
    for (const round of ["slow chunk", "chunk loaded"]) {
      const dialog = await openDialog(page);
      await dialog.getByLabel("Email", { exact: true }).fill(email);
      await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(focused, { message: round, timeout: 10_000 }).toBe("Account menu, Focus Keeper");
      if (round === "slow chunk") {
        await page.keyboard.press("Enter");
        await page.getByRole("menuitem", { name: "Sign Out" }).click();
        await banner.getByRole("link", { name: "Sign In / Join" }).waitFor();
      }
    }
  });

  test("at 360 px in Spanish no auth tab's text overflows it, in the dialog and on /auth", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
    const overflowing = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="tab"]')]
          .filter((tab) => tab.getClientRects().length > 0)
          .flatMap((tab) => {
            const list = tab.closest('[role="tablist"]')!.getBoundingClientRect();
            const box = tab.getBoundingClientRect();
            const problems: string[] = [];
            if (tab.scrollWidth > tab.clientWidth) problems.push(`${tab.textContent}: scrollWidth ${tab.scrollWidth} > ${tab.clientWidth}`);
            if (box.left < list.left - 0.5 || box.right > list.right + 0.5) problems.push(`${tab.textContent}: outside the tab list`);
            if (box.height < 24 || box.width < 24) problems.push(`${tab.textContent}: ${box.width}×${box.height} target`);
            return problems;
          }),
      );
    await visit(page, "/about?lang=es");
    await page.getByRole("button", { name: es.nav.openMenu }).click();
    await page.getByRole("dialog", { name: es.nav.menuTitle }).getByRole("link", { name: es.nav.signInJoin }).click();
    const dialog = page.getByRole("dialog").filter({ has: page.getByRole("tablist") });
    await dialog.getByRole("tablist").waitFor();
    expect(await dialog.getByRole("tab").allInnerTexts()).toHaveLength(4);
    expect(await overflowing()).toEqual([]);
    await dialog.getByRole("tab").last().click(); // Sign Up, the longest word
    expect(await overflowing()).toEqual([]);

    await visit(page, "/auth?tab=signup&lang=es");
    expect(await overflowing()).toEqual([]);
  });

  test("a guest has Sign In and 'Guest Mode' in the header at 360 px, without horizontal scrolling", async () => {
    for (const [language, nav] of [
      ["en", en.nav],
      ["es", es.nav],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
      await page.context().addInitScript(() => localStorage.setItem("guest-mode", "true"));
      await visit(page, `/about?lang=${language}`);
      const banner = page.getByRole("banner");
      const link = banner.getByRole("link", { name: nav.signIn, exact: true });
      await link.waitFor();
      expect(await banner.ariaSnapshot()).toContain(nav.guestMode);
      const { width, scrollWidth } = await page.evaluate(() => ({
        width: document.documentElement.clientWidth,
        scrollWidth: document.documentElement.scrollWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await link.click();
      await page.getByRole("dialog").getByRole("tablist").waitFor();
    }
  });
});

describe("issue 32: magic links bound to the browser, two-factor after a link, the calendar link", () => {
  const noHorizontalScroll = async (page: Page) => {
    const { width, scrollWidth } = await page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(width);
  };

  test("a magic link asked for on a laptop and opened on a phone asks 'Sign in as …?' (360 px, axe); its button signs in", async () => {
    const laptop = await browser.newPage();
    await visit(laptop, "/events");
    const email = uniqueEmail();
    const dialog = await openDialog(laptop);
    await dialog.getByRole("tab", { name: "Magic Link" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByRole("button", { name: "Send Magic Link" }).click();
    await expectToast(laptop, "Magic Link Sent");
    const link = callbackLink(await waitForEmlTo(dataDir, email));

    const phone = await browser.newPage({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
    await phone.goto(link.toString());
    const masked = `${email[0]}***@example.test`;
    await phone.getByRole("heading", { level: 1, name: `Sign in as ${masked}?` }).waitFor();
    const results = await runAxe(phone);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await noHorizontalScroll(phone);
    await phone.getByRole("button", { name: `Sign In as ${masked}` }).click();
    await phone.getByText("You're signed in. Welcome!").waitFor();
    // Signed in on the phone: its settings page opens (signed out, it would redirect to /auth).
    expect((await phone.request.get("/settings", { maxRedirects: 0 })).status()).toBe(200);
  });

  test("/auth?step=two-factor (after a link, for a member with two-factor) opens on the code form and says why", async () => {
    const page = await browser.newPage({ allowConsoleErrors: formErrors });
    await visit(page, "/auth?tab=signin&step=two-factor");
    await page.getByText("One more step: enter the code from your authenticator app.").waitFor();
    await page.getByLabel("Authentication code").fill("123456");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    // No pending sign-in in this browser: the step says to start again.
    await expect.poll(() => page.getByRole("alert").first().innerText()).toContain("Your sign-in took too long. Please sign in again.");
  });

  test("settings: 'Reset My Calendar Link' at 360 px replaces the link, says so, and the old link stops working", async () => {
    const page = await browser.newPage();
    await visit(page, "/about");
    await signUpAndConfirm(page, uniqueEmail(), "Calendar Tester");
    await completeTour(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, "/settings");
    const section = page.locator("#calendar");
    await section.getByRole("heading", { name: "Your calendar link" }).waitFor();
    const link = section.getByRole("link", { name: "Subscribe to my events" });
    const before = (await link.getAttribute("href"))!;
    expect((await page.request.get(before)).status()).toBe(200);
    await noHorizontalScroll(page);
    await section.getByRole("button", { name: "Reset My Calendar Link" }).click();
    await section.getByRole("status").filter({ hasText: "Your calendar link has been reset." }).waitFor();
    const after = (await link.getAttribute("href"))!;
    expect(after).not.toBe(before);
    expect((await page.request.get(before)).status()).toBe(404);
    expect((await page.request.get(after)).status()).toBe(200);
    const results = await runAxe(page, { include: "#calendar" });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await noHorizontalScroll(page);
  });
});
