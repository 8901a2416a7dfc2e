// Volunteer sign-ups (issue 7): the "Serve with us" section of /community in both languages
// (axe, 360 px, keyboard), a visitor's and a member's sign-up with their confirmations, the
// staff administrator finding them in the sign-up inbox, and a new ministry made in /admin/volunteers.
import { describe, expect, inject, test } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import en from "~/i18n/locales/en/volunteers-admin";
import es from "~/i18n/locales/es/volunteers-admin";
import { adminSignIn } from "../support/admin-sign-in";
import { setupBrowser, visit } from "../support/browser";
import { waitForEmlTo } from "../support/mail-links";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { signUpMember } from "../support/member-sign-up";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

describe("volunteer sign-ups", () => {
  test.each([
    ["en", en, "Worship Team", "Greeters & Hospitality"],
    ["es", es, "Equipo de alabanza", "Bienvenida y hospitalidad"],
  ] as const)(
    "a visitor signs up by keyboard at 360 px: errors tied to the fields, then the confirmation and its email (%s)",
    async (language, t, ministry, first) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 }, allowConsoleErrors: [/status of 400/] });
      await visit(page, `/community?lang=${language}`);
      const section = page.getByRole("region", { name: t.heading });
      await section.getByRole("heading", { level: 2, name: t.heading }).waitFor();
      const list = section.getByRole("list", { name: t.listLabel });
      expect(await list.getByRole("heading", { level: 3 }).first().innerText()).toBe(first);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/community?lang=${language}`);

      // The ministry's link (keyboard) preselects it in the form.
      const link = section.getByRole("link", { name: fill(t.signUpHere, { ministry }) });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/serve=worship-team/);
      const form = section.getByRole("region", { name: t.form.heading });
      await expect.poll(() => form.getByRole("radio", { name: ministry, exact: true }).isChecked()).toBe(true);

      // Submitted without a name or availability: the errors, each tied to its field.
      await form.getByLabel(t.form.email).fill("not-an-email");
      await form.getByLabel(t.form.email).press("Enter");
      await form.getByRole("alert").filter({ hasText: t.form.errorSummary }).waitFor();
      const name = form.getByLabel(t.form.name);
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe(t.errors.name);
      expect(await form.getByLabel(t.form.email).inputValue()).toBe("not-an-email");
      await expectNoAxeViolations(page, `/community?lang=${language} with errors`);

      const email = `volunteer-visitor-${language}-${unique()}@example.test`;
      const who = language === "es" ? "Valeria Visitante" : "Victor Visitor";
      await name.focus();
      await page.keyboard.type(who);
      await form.getByLabel(t.form.email).fill("");
      await form.getByLabel(t.form.email).focus();
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type("555-010-4000");
      await page.keyboard.press("Tab");
      // The hint sits between the label and the field; Tab lands on the field itself.
      await page.keyboard.type(language === "es" ? "Domingos por la mañana" : "Sunday mornings");
      await form.getByRole("button", { name: t.form.submit }).focus();
      await page.keyboard.press("Enter");
      const confirmation = fill(t.success, { name: who, ministry, email });
      await form.getByRole("status").filter({ hasText: confirmation }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/community?lang=${language} after signing up`);

      const mail = await waitForEmlTo(e2eServer().dataDir, email);
      expect(mail).toContain(fill(t.email.subject, { ministry }));
    },
  );

  test("a member signs up with their details filled in; the staff administrator sees it in the inbox and adds a ministry", async () => {
    const member = await browser.newPage({ allowConsoleErrors: [/status of 409/] });
    const memberName = `Mateo Member ${unique()}`;
    const email = await signUpMember(member, memberName, "volunteer-member");
    await visit(member, "/community?serve=media-livestream");
    const form = member.getByRole("region", { name: en.form.heading });
    expect(await form.getByLabel(en.form.name).inputValue()).toBe(memberName);
    expect(await form.getByLabel(en.form.email).inputValue()).toBe(email);
    expect(await form.getByRole("radio", { name: "Media & Livestream", exact: true }).isChecked()).toBe(true);
    const xss = `<script>alert(1)</script> <a href="javascript:alert(2)">link</a> ${unique()}`;
    await form.getByLabel(en.form.availability).fill("Second Sunday of the month");
    await form.getByLabel(en.form.message).fill(xss);
    await form.getByRole("button", { name: en.form.submit }).click();
    await form
      .getByRole("status")
      .filter({ hasText: fill(en.success, { name: memberName, ministry: "Media & Livestream", email }) })
      .waitFor();
    const card = member.getByRole("article", { name: "Media & Livestream" });
    await card.getByText(en.alreadyServing).waitFor();
    await expectNoAxeViolations(member, "/community signed in, after signing up");
    // Twice: a kind refusal, no second sign-up.
    await visit(member, "/community?serve=media-livestream");
    await form.getByLabel(en.form.availability).fill("Any Sunday");
    await form.getByRole("button", { name: en.form.submit }).click();
    await form
      .getByRole("alert")
      .filter({ hasText: fill(en.errors.alreadySignedUp, { ministry: "Media & Livestream" }) })
      .waitFor();

    const admin = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await adminSignIn(admin, inject("volunteersAdminEmail"), "/admin/inbox/signups?kind=volunteer");
    await visit(admin, "/admin/inbox/signups?status=all&kind=volunteer");
    const item = admin.locator("li").filter({ has: admin.getByRole("heading", { name: memberName }) });
    await item.getByText("Second Sunday of the month").first().waitFor();
    // The markup is shown as the text that was written.
    expect(await item.getByText(xss).innerText()).toBe(xss);
    expect(await item.getByRole("link", { name: "link" }).count()).toBe(0);
    await item.getByRole("link", { name: "Media & Livestream" }).waitFor();
    await expectNoAxeViolations(admin, "/admin/inbox/signups?kind=volunteer");

    // A new ministry, then shown on /community.
    await visit(admin, "/admin/volunteers");
    await admin.getByRole("heading", { level: 1, name: enAdmin.sections.volunteers }).waitFor();
    await expectNoAxeViolations(admin, "/admin/volunteers");
    await admin.getByRole("link", { name: en.admin.newMinistry }).click();
    await admin.getByRole("heading", { level: 1, name: en.admin.newTitle }).waitFor();
    const title = `Parking Team ${unique()}`;
    await admin.getByLabel(en.admin.fields.title).fill(title);
    await admin.getByLabel(en.admin.fields.titleEs).fill(`Equipo de estacionamiento ${title.slice(13)}`);
    await admin.getByLabel(en.admin.fields.description).fill("Help guests park safely.");
    await admin.getByLabel(en.admin.fields.schedule).fill("Sundays 9:30 AM");
    await admin.getByLabel(en.admin.fields.sortOrder).fill("60");
    await expectNoAxeViolations(admin, "/admin/volunteers/new");
    await admin.getByRole("button", { name: en.admin.create }).click();
    await admin.getByText(en.admin.messages.created).waitFor();
    await admin.getByRole("heading", { level: 1, name: fill(en.admin.editTitle, { title }) }).waitFor();
    await expectNoAxeViolations(admin, "/admin/volunteers/:id");
    // At 360 px the list and the editor fit the screen.
    await admin.setViewportSize({ width: 360, height: 800 });
    const editUrl = admin.url();
    await visit(admin, "/admin/volunteers");
    await admin.getByRole("link", { name: title }).waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    await visit(admin, new URL(editUrl).pathname);
    expect(await fitsWidth(admin)).toBe(true);

    const visitor = await browser.newPage();
    await visit(visitor, "/community?lang=es");
    await visitor.getByRole("article", { name: `Equipo de estacionamiento ${title.slice(13)}` }).waitFor();
  });
});
