// The membership pages (issue 6): /kingdom-builders-class and /join-church in both languages,
// a visitor's class sign-up, an application, and its approval in the admin's sign-up inbox.
import { describe, expect, inject, test } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import en from "~/i18n/locales/en/membership";
import es from "~/i18n/locales/es/membership";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { adminSignIn } from "../support/admin-sign-in";

const browser = setupBrowser();

describe("membership pages", () => {
  test.each([
    ["en", en, "Kingdom Builders Class", "Join the Church"],
    ["es", es, "Clase Constructores del Reino", "Hágase miembro"],
  ] as const)("both pages render, pass axe and fit 360 px (%s)", async (language, t, classTitle, joinTitle) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await visit(page, `/kingdom-builders-class?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).allInnerTexts()).toEqual([classTitle]);
    await main.getByRole("heading", { level: 2, name: t.class.offeringsHeading }).waitFor();
    expect(await main.getByText(t.class.sessionNumber.replace("{{number}}", "4")).count()).toBe(1);
    await main.getByRole("button", { name: t.class.guestButton }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `/kingdom-builders-class?lang=${language}`);

    await visit(page, `/join-church?lang=${language}`);
    expect(await main.getByRole("heading", { level: 1 }).allInnerTexts()).toEqual([joinTitle]);
    await main.getByRole("button", { name: t.join.submit }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `/join-church?lang=${language}`);
  });

  test("a visitor signs up for the class: errors tied to the fields first, then the confirmation", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 400/] });
    await visit(page, "/kingdom-builders-class");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: en.class.guestButton }) });
    await form.getByLabel(en.class.email).fill("not-an-email");
    await form.getByRole("button", { name: en.class.guestButton }).click();
    await page.getByText(en.errors.name).waitFor();
    const name = form.getByLabel(en.class.name);
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe(en.errors.name);

    const email = `class-visitor-${Date.now()}@example.test`;
    await name.fill("Eva Visitor");
    await form.getByLabel(en.class.email).fill(email);
    await form.getByRole("button", { name: en.class.guestButton }).click();
    await page
      .getByRole("status")
      .filter({ hasText: en.class.success.replace("{{email}}", email) })
      .waitFor();
    await expectNoAxeViolations(page, "/kingdom-builders-class after signing up");
  });

  test("an application is submitted, and the staff approves it in the sign-up inbox", async () => {
    const visitor = await browser.newPage({ allowConsoleErrors: [/status of 400/] });
    await visit(visitor, "/join-church?lang=es");
    const applicant = `Solicitante ${Date.now()}`;
    const email = `applicant-${Date.now()}@example.test`;
    await visitor.getByLabel(es.join.email).fill(email);
    await visitor.getByRole("button", { name: es.join.submit }).click();
    await visitor.getByText(es.errors.baptized).waitFor();
    await visitor.getByLabel(es.join.fullName).fill(applicant);
    await visitor.getByLabel(es.join.baptizedNo, { exact: true }).check();
    await visitor.getByLabel(es.join.previousChurch).fill("Iglesia Central");
    await visitor.getByRole("button", { name: es.join.submit }).click();
    await visitor
      .getByRole("status")
      .filter({ hasText: es.join.success.replace("{{email}}", email) })
      .waitFor();

    // The staff administrator's first sign-in enrols an authenticator.
    const admin = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await adminSignIn(admin, inject("staffEmail"));
    await admin.getByRole("heading", { name: enAdmin.dashboard.title, level: 1 }).waitFor();

    await visit(admin, "/admin/inbox/signups?kind=membership");
    const card = admin.locator("li").filter({ has: admin.getByRole("heading", { name: applicant }) });
    await card.getByText("Iglesia Central").first().waitFor();
    await card.getByText(enAdmin.signups.application.noAccount).waitFor();
    await expectNoAxeViolations(admin, "/admin/inbox/signups?kind=membership with an open application");
    await card.getByRole("button", { name: enAdmin.signups.application.approveFor.replace("{{name}}", applicant) }).click();
    await admin.getByText(enAdmin.signups.messages.approvedNoAccount).waitFor();
    await admin
      .locator("li")
      .filter({ has: admin.getByRole("heading", { name: applicant }) })
      .getByText(/^Approved by /)
      .waitFor();
    await expectNoAxeViolations(admin, "/admin/inbox/signups?kind=membership");

    // The classes section: the demo class, its editor and sign-up list.
    await visit(admin, "/admin/classes");
    await admin.getByRole("main").getByRole("link", { name: "Kingdom Builders Class" }).click();
    await admin.getByRole("heading", { level: 1, name: en.admin.editTitle.replace("{{title}}", "Kingdom Builders Class") }).waitFor();
    await admin.getByRole("heading", { level: 2, name: en.admin.signupsHeading }).waitFor();
    await expectNoAxeViolations(admin, "/admin/classes/:id");
  });
});
