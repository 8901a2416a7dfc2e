// The admin portal's store section (issue 8) in the browser: the store administrator creates a
// product with a size and an uploaded image (keyboard for the main fields), sees it on /store,
// moves the order a buyer places through the store on (ready, picked up), and downloads the orders CSV; axe on every page,
// the lists fit a 360 px phone.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, inject, test } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import en from "~/i18n/locales/en/store-admin";
import enStore from "~/i18n/locales/en/store";
import { adminSignIn } from "../support/admin-sign-in";
import { setupBrowser, visit } from "../support/browser";
import { completedSessionEvent, postStripeEvent, type FakeCheckoutSession } from "../support/fake-stripe";
import { waitForEmlTo } from "../support/mail-links";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

describe("admin store", () => {
  test("the store admin creates a product with a size and an image, finds it on /store, handles orders and exports them", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await adminSignIn(page, inject("storeAdminEmail"), "/admin/store");
    await visit(page, "/admin/store");
    await page.getByRole("heading", { level: 1, name: enAdmin.sections.store }).waitFor();
    await expectNoAxeViolations(page, "/admin/store");

    await page.getByRole("link", { name: en.admin.newProduct }).first().click();
    await page.getByRole("heading", { level: 1, name: en.admin.newTitle }).waitFor();
    await expectNoAxeViolations(page, "/admin/store/products/new");
    const tag = randomBytes(3).toString("hex");
    const name = `Prayer Journal ${tag}`;
    // The main fields by keyboard.
    await page.getByLabel(en.admin.fields.name).focus();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.type(`Diario de oración ${tag}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("A journal for daily prayer.");
    await page.getByLabel(en.admin.fields.category).selectOption("books");
    await page.getByLabel(en.admin.fields.price).focus();
    await page.keyboard.type("12.50");
    // A bad stock first: refused with its message, nothing created.
    await page.getByLabel(fill(en.admin.fields.variantStock, { n: "1" })).fill("-3");
    await page.getByRole("button", { name: en.admin.create }).click();
    await page.getByRole("alert").filter({ hasText: en.admin.messages.invalid }).waitFor();
    await page.getByText(en.admin.errors.stock).waitFor();
    await expectNoAxeViolations(page, "/admin/store/products/new with errors");
    expect(await page.getByLabel(en.admin.fields.name).inputValue()).toBe(name);

    await page.getByLabel(fill(en.admin.fields.variantLabel, { n: "1" })).fill("");
    await page.getByLabel(fill(en.admin.fields.variantStock, { n: "1" })).fill("7");
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 60, b: 30 } } })
      .png()
      .toBuffer();
    await page.getByLabel(en.admin.fields.image).setInputFiles({ name: "journal.png", mimeType: "image/png", buffer: png });
    await page.getByLabel(en.admin.fields.imageAlt).fill("A brown leather journal");
    await page.getByRole("button", { name: en.admin.create }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: en.admin.messages.created }).waitFor();
    await page.getByRole("heading", { level: 1, name: fill(en.admin.editTitle, { name }) }).waitFor();
    const image = page.getByRole("img", { name: "A brown leather journal" });
    await image.waitFor();
    expect(await image.getAttribute("src")).toMatch(/^\/uploads\/store\/[0-9a-f]{24}-1600\.webp$/);
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, "/admin/store/products/:id");

    // The list shows it with its stock; it fits a phone.
    await visit(page, "/admin/store");
    const products = page.getByRole("region", { name: en.admin.productsTable });
    const row = products.getByRole("row").filter({ hasText: name });
    expect(await row.innerText()).toContain("$12.50");
    expect(await row.innerText()).toContain("7");
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, "/admin/store");
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "/admin/store at 360 px");
    await page.setViewportSize({ width: 1280, height: 900 });

    // On the public store.
    const visitor = await browser.newPage();
    await visit(visitor, "/store");
    await visitor.getByRole("heading", { level: 3, name }).waitFor();

    // A buyer orders it for pickup through the store and Stripe's stand-in; the webhook marks it paid.
    const email = `journal-buyer-${tag}@example.test`;
    await visit(visitor, `/store/prayer-journal-${tag}`);
    await visitor.getByRole("button", { name: enStore.product.add }).click();
    await visitor.getByRole("link", { name: enStore.product.viewCart }).click();
    await visitor.getByLabel(enStore.checkout.name).fill("Paula Pickup");
    await visitor.getByLabel(enStore.checkout.email).fill(email);
    await visitor.getByRole("button", { name: enStore.checkout.submit }).click();
    await visitor.waitForURL(new RegExp(`^${inject("fakeStripeURL")}/checkout/cs_test_\\w+$`));
    const sessions = (await (
      await fetch(`${inject("fakeStripeURL")}/_fake/sessions?email=${encodeURIComponent(email)}`)
    ).json()) as FakeCheckoutSession[];
    expect((await postStripeEvent(e2eServer().baseURL, completedSessionEvent(sessions[0]!))).status).toBe(200);

    // Staff find it among the orders needing action and move it on; the buyer is emailed each time.
    await visit(page, "/admin/store");
    await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
    await page.getByRole("heading", { level: 2, name: en.admin.order.actionsHeading }).waitFor();
    await page.getByText("Paula Pickup").first().waitFor();
    await expectNoAxeViolations(page, "/admin/store/orders/:id");
    await page.getByRole("button", { name: en.admin.order.markReady }).click();
    await page.getByRole("status").filter({ hasText: en.admin.messages.statusChanged }).waitFor();
    // The webhook's confirmation came first; the newest mail is the "ready" note.
    expect(await waitForEmlTo(e2eServer().dataDir, email, 1)).toContain("is ready for pickup");
    await page.getByRole("button", { name: en.admin.order.markPickedUp }).click();
    await page.getByRole("status").filter({ hasText: en.admin.messages.statusChanged }).waitFor();
    await page.getByText(en.admin.order.noActions).waitFor();
    await expectNoAxeViolations(page, "/admin/store/orders/:id after pickup");

    // The orders CSV.
    await visit(page, "/admin/store?status=all");
    const href = await page.getByRole("link", { name: en.admin.exportCsv }).getAttribute("href");
    const csv = await page.context().request.get(new URL(href!, e2eServer().baseURL).toString());
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-/);
    expect((await csv.text()).split("\r\n")[0]).toContain("Number,Date,Status");
  });
});
