// The admin portal's giving section (issue 8) in the browser: the giving administrator signs
// in, adds a fund by keyboard, sees a gift that arrived by a signed Stripe webhook in the
// period's summary and list, changes the processing fee, and downloads the CSV; axe on every
// state, the page fits a 360 px phone.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import en from "~/i18n/locales/en/giving-admin";
import { adminSignIn } from "../support/admin-sign-in";
import { setupBrowser, visit } from "../support/browser";
import { postStripeEvent, stripeEvent } from "../support/fake-stripe";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

describe("admin giving", () => {
  test("the giving admin adds a fund by keyboard, sees a webhook gift in the summary, changes the fee and exports the CSV", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await adminSignIn(page, inject("givingAdminEmail"), "/admin/giving");
    await visit(page, "/admin/giving");
    await page.getByRole("heading", { level: 1, name: enAdmin.sections.giving }).waitFor();
    await page.getByRole("heading", { level: 2, name: en.admin.summaryHeading }).waitFor();
    await expectNoAxeViolations(page, "/admin/giving");

    // A new fund, typed by keyboard.
    const tag = randomBytes(3).toString("hex");
    const fundName = `Youth Camp ${tag}`;
    const form = page.getByRole("form", { name: en.admin.fundFormNew });
    await form.getByLabel(en.admin.fundFields.name).focus();
    await page.keyboard.type(fundName);
    await page.keyboard.press("Tab");
    await page.keyboard.type(`Campamento juvenil ${tag}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Send a teenager to camp.");
    await form.getByRole("button", { name: en.admin.addFund }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: en.admin.messages.fundCreated }).waitFor();
    const edit = page.getByRole("link", { name: fill(en.admin.editFund, { name: fundName }) });
    const fundId = new URL(String(await edit.getAttribute("href")), e2eServer().baseURL).searchParams.get("editFund")!;
    expect(fundId).toMatch(/^\d+$/);
    await expectNoAxeViolations(page, "/admin/giving after adding a fund");

    // A one-time gift to it arrives the way Stripe sends it.
    const donor = `donor-${tag}@example.test`;
    const event = stripeEvent("checkout.session.completed", {
      id: `cs_test_admin${tag}${randomBytes(8).toString("hex")}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      status: "complete",
      amount_total: 5_187,
      currency: "usd",
      customer: `cus_test_${tag}`,
      payment_intent: `pi_test_${tag}${randomBytes(6).toString("hex")}`,
      subscription: null,
      metadata: {
        kind: "gift",
        fund_id: fundId,
        fund_name: fundName,
        amount_cents: "5000",
        fee_cents: "187",
        frequency: "one_time",
        donor_name: `Dora Donor ${tag}`,
        donor_email: donor,
        language: "en",
      },
    });
    expect((await postStripeEvent(e2eServer().baseURL, event)).status).toBe(200);

    await visit(page, `/admin/giving?period=this-month&fund=${fundId}`);
    const gifts = page.getByRole("region", { name: en.admin.giftsTable });
    await gifts.getByText(`Dora Donor ${tag}`).waitFor();
    await gifts.getByText(donor).waitFor();
    expect(await gifts.getByText("$50").first().isVisible()).toBe(true);
    const byFund = page.getByRole("region", { name: en.admin.byFundTable });
    await byFund.getByRole("rowheader", { name: fundName }).waitFor();
    expect(await byFund.getByRole("row").filter({ hasText: fundName }).innerText()).toContain("$51.87");

    // The CSV of the same filters downloads as a spreadsheet.
    const href = await page.getByRole("link", { name: en.admin.exportCsv }).getAttribute("href");
    expect(href).toContain(`fund=${fundId}`);
    const csv = await page.context().request.get(new URL(href!, e2eServer().baseURL).toString());
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="gifts-/);
    expect(await csv.text()).toContain(`Dora Donor ${tag},${donor},${fundName},50.00,1.87,0.00,One time,Received`);

    // The fee: a bad value is refused with its message, a good one saved.
    const settings = page.getByRole("form", { name: en.admin.settingsHeading });
    await settings.getByLabel(en.admin.settingsFields.feePercent).fill("12");
    await settings.getByRole("button", { name: en.admin.saveSettings }).click();
    await settings.getByText(en.admin.errors.feePercent).waitFor();
    expect(await settings.getByLabel(en.admin.settingsFields.feePercent).getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page, "/admin/giving with a settings error");
    await settings.getByLabel(en.admin.settingsFields.feePercent).fill("2.2");
    await settings.getByLabel(en.admin.settingsFields.feeFixed).fill("30");
    await settings.getByRole("button", { name: en.admin.saveSettings }).click();
    await page.getByRole("status").filter({ hasText: en.admin.messages.settingsSaved }).waitFor();
    expect(
      await page.getByRole("form", { name: en.admin.settingsHeading }).getByLabel(en.admin.settingsFields.feePercent).inputValue(),
    ).toBe("2.2");
    await page.getByText(fill(en.admin.feeExample, { fee: "2.2% + $0.30" })).waitFor();
    // Back to the default: the browser tests share one database, and the give page's test reads 2.9% + 30¢.
    await page.getByRole("form", { name: en.admin.settingsHeading }).getByLabel(en.admin.settingsFields.feePercent).fill("2.9");
    await page.getByRole("form", { name: en.admin.settingsHeading }).getByRole("button", { name: en.admin.saveSettings }).click();
    await page.getByText(fill(en.admin.feeExample, { fee: "2.9% + $0.30" })).waitFor();

    // Editing the fund shows its values; the page fits a phone.
    await visit(page, `/admin/giving?editFund=${fundId}#fund-form`);
    expect(
      await page
        .getByRole("form", { name: fill(en.admin.fundFormEdit, { name: fundName }) })
        .getByLabel(en.admin.fundFields.name)
        .inputValue(),
    ).toBe(fundName);
    await expectNoAxeViolations(page, "/admin/giving editing a fund");
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, "/admin/giving");
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "/admin/giving at 360 px");

    // The dashboard's giving card links here.
    await visit(page, "/admin");
    await page.getByRole("heading", { level: 2, name: en.admin.dashboard.card }).waitFor();
    await page.getByRole("link", { name: en.admin.dashboard.open }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
  });
});
