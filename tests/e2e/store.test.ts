// The store (issue 8, public side) in the browser: browse and filter /store, a product picked
// by keyboard, the cart surviving a reload, a pickup checkout through the Stripe stand-in to a
// paid order page and its email (both languages, axe, 360 px); a shipping checkout whose
// address errors are tied to the fields; a member's cart across sign-out and sign-in.
import { describe, expect, inject, test } from "vitest";
import en from "~/i18n/locales/en/store";
import es from "~/i18n/locales/es/store";
import enAdmin from "~/i18n/locales/en/store-admin";
import esAdmin from "~/i18n/locales/es/store-admin";
import { baseURL, setupBrowser, visit } from "../support/browser";
import { completedSessionEvent, postStripeEvent, type FakeCheckoutSession } from "../support/fake-stripe";
import { waitForEmlTo } from "../support/mail-links";
import { MEMBER_PASSWORD, signUpMember } from "../support/member-sign-up";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

async function sessionsFor(email: string): Promise<FakeCheckoutSession[]> {
  const response = await fetch(`${inject("fakeStripeURL")}/_fake/sessions?email=${encodeURIComponent(email)}`);
  return (await response.json()) as FakeCheckoutSession[];
}

describe("store", () => {
  test.each([
    ["en", en, enAdmin, "Store", "Apparel", "Hear. Understand. Live. T-shirt", ["S", "M", "L", "XL"]],
    ["es", es, esAdmin, "Tienda", "Ropa", "Camiseta Escuchar. Entender. Vivir.", ["CH", "M", "G", "XG"]],
  ] as const)(
    "a visitor browses, picks a size by keyboard, checks out for pickup and sees the order paid (%s)",
    async (language, t, tAdmin, heading, apparel, shirt, sizes) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
      await visit(page, `/store?lang=${language}`);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/store?lang=${language}`);
      // Every product image has its size set (no layout shift) and, below the first screen, loads lazily.
      const images = page.locator("main ul img");
      expect(await images.count()).toBeGreaterThanOrEqual(6);
      for (const img of await images.all()) {
        expect(await img.getAttribute("width")).toBeTruthy();
        expect(await img.getAttribute("alt")).toBeTruthy();
      }
      expect(await images.last().getAttribute("loading")).toBe("lazy");
      await page.getByText(t.outOfStock).first().waitFor();

      // The category filter is a plain link.
      const filter = page.getByRole("navigation", { name: t.categories.label });
      await filter.getByRole("link", { name: apparel }).click();
      await page.waitForURL(/category=apparel/);
      await expect.poll(() => page.locator("main ul[aria-labelledby=store-products] > li").count()).toBe(2);
      expect(await filter.getByRole("link", { name: apparel }).getAttribute("aria-current")).toBe("page");

      // The product: sizes as radios, the sold-out one disabled and labelled.
      await page.getByRole("link", { name: shirt }).click();
      await page.getByRole("heading", { level: 1, name: shirt }).waitFor();
      expect(await page.getByRole("radio", { name: fill(t.product.soldOutOption, { label: sizes[2] }) }).isDisabled()).toBe(true);
      expect(
        await page
          .getByRole("navigation", { name: /breadcrumb|migas|ruta/i })
          .getByRole("link", { name: heading })
          .count(),
      ).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/store/hear-understand-live-t-shirt (${language})`);
      const small = page.getByRole("radio", { name: sizes[0], exact: true });
      expect(await small.isChecked()).toBe(true);
      await small.focus();
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("radio", { name: sizes[1], exact: true }).isChecked()).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("product-quantity");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: fill(t.product.added, { quantity: "1", name: shirt }) })
        .waitFor();
      await page.getByRole("link", { name: t.cartLinkOne }).waitFor();

      // The cart survives a reload (server-side, by cookie); the quantity changes by a plain form.
      await page.getByRole("link", { name: t.product.viewCart }).click();
      await page.getByRole("heading", { level: 1, name: t.cart.heading }).waitFor();
      await page.reload();
      const label = `${shirt} (${sizes[1]})`;
      const quantity = page.getByRole("spinbutton", { name: new RegExp(t.cart.quantity) });
      expect(await quantity.inputValue()).toBe("1");
      await quantity.fill("2");
      await page.getByRole("button", { name: fill(t.cart.updateFor, { name: label }) }).click();
      await page.getByRole("status").filter({ hasText: t.cart.updated }).waitFor();
      expect(await page.getByRole("spinbutton", { name: new RegExp(t.cart.quantity) }).inputValue()).toBe("2");
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/store/cart (${language})`);

      // Checkout for pickup → the Stripe stand-in.
      const email = `store-buyer-${language}-${unique()}@example.test`;
      await page.getByLabel(t.checkout.name).fill(language === "es" ? "Beatriz Compradora" : "Ben Buyer");
      await page.getByLabel(t.checkout.email).fill(email);
      expect(await page.getByRole("radio", { name: t.checkout.pickup }).isChecked()).toBe(true);
      await page.getByRole("button", { name: t.checkout.submit }).click();
      await page.waitForURL(new RegExp(`^${inject("fakeStripeURL")}/checkout/cs_test_\\w+$`));
      const [session] = await sessionsFor(email);
      expect(session!.amount_total).toBe(4000);
      expect(session!.locale).toBe(language);

      // Back from Checkout before the webhook: "confirming", never "paid"; then the webhook, and the page updates itself.
      const success = session!.success_url!.replace("{CHECKOUT_SESSION_ID}", session!.id);
      await visit(page, success.replace(/^https?:\/\/[^/]+/, ""));
      await page.getByRole("status").filter({ hasText: t.order.statuses.confirming }).waitFor();
      expect(await page.getByText(t.order.statuses.paid).count()).toBe(0);
      await expectNoAxeViolations(page, `order page confirming (${language})`);
      const posted = await postStripeEvent(baseURL, completedSessionEvent(session!));
      expect(posted.status).toBe(200);
      await page.getByRole("status").filter({ hasText: t.order.statuses.paid }).waitFor({ timeout: 15_000 });
      expect(await page.getByText(t.order.pickupNote).count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `order page paid (${language})`);

      const mail = await waitForEmlTo(e2eServer().dataDir, email);
      expect(mail).toContain(tAdmin.email.heading);
    },
  );

  test("a shipping checkout ties its address errors to the fields", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 422/] });
    await visit(page, "/store/canvas-tote-bag?lang=en");
    await page.getByRole("button", { name: en.product.add }).click();
    await page
      .getByRole("status")
      .filter({ hasText: fill(en.product.added, { quantity: "1", name: "Canvas tote bag" }) })
      .waitFor();
    await visit(page, "/store/cart");
    await page.getByLabel(en.checkout.name).fill("Sam <b>Shipper</b>");
    await page.getByLabel(en.checkout.email).fill(`store-ship-${unique()}@example.test`);
    await page.getByRole("radio", { name: fill(en.checkout.shipping, { price: "$8" }) }).check();
    await page.getByLabel(en.checkout.city).fill("Austin");
    await page.getByLabel(en.checkout.state).fill("TX");
    await page.getByLabel(en.checkout.zip).fill("787");
    await page.getByRole("button", { name: en.checkout.submit }).click();
    await page.getByRole("alert").filter({ hasText: en.checkout.errorSummary }).waitFor();
    for (const [field, message] of [
      [en.checkout.line1, en.errors.line1],
      [en.checkout.zip, en.errors.zip],
    ] as const) {
      const input = page.getByLabel(field);
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await input.getAttribute("aria-describedby"))!.split(" ");
      const texts = await Promise.all(describedBy.map((id) => page.locator(`#${id}`).innerText()));
      expect(texts).toContain(message);
    }
    expect(await page.getByLabel(en.checkout.city).getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByLabel(en.checkout.name).inputValue()).toBe("Sam <b>Shipper</b>");
    await expectNoAxeViolations(page, "/store/cart with address errors");

    await page.getByLabel(en.checkout.line1).fill("100 <i>Congress</i> Ave");
    await page.getByLabel(en.checkout.zip).fill("78701");
    const email = await page.getByLabel(en.checkout.email).inputValue();
    await page.getByRole("button", { name: en.checkout.submit }).click();
    await page.waitForURL(new RegExp(`^${inject("fakeStripeURL")}/checkout/`));

    // The order page shows the name and address as text, never as markup.
    const [session] = await sessionsFor(email);
    expect(session!.amount_total).toBe(1500 + 800);
    await visit(page, session!.success_url!.replace("{CHECKOUT_SESSION_ID}", session!.id).replace(/^https?:\/\/[^/]+/, ""));
    await page.getByText("100 <i>Congress</i> Ave").waitFor();
    expect(await page.locator("main i, main b").count()).toBe(0);
    expect(await page.getByText(/Sam <b>Shipper<\/b>/).count()).toBeGreaterThan(0);
  });

  test("an unknown product is the 404 page", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 404/] });
    await visit(page, "/store/no-such-product", 404);
    await visit(page, "/store/orders/00000000-0000-4000-8000-000000000000?token=abc", 404);
  });

  test("a member's cart survives signing out and in again", async () => {
    const page = await browser.newPage();
    const email = await signUpMember(page, `Mia Member ${unique()}`, "store-member");
    await visit(page, "/store/worship-album-grace-upon-grace?lang=en");
    await page.getByLabel(en.product.quantity).selectOption("2");
    await page.getByRole("button", { name: en.product.add }).click();
    await page.getByRole("link", { name: fill(en.cartLink, { count: "2" }) }).waitFor();

    const out = await page.request.post("/auth", { form: { intent: "signout" }, headers: { Origin: baseURL } });
    expect(out.status()).toBeLessThan(400);
    await visit(page, "/store/cart");
    await page.getByText(en.cart.empty).waitFor();

    const back = await page.request.post("/auth", {
      form: { intent: "signin-email", email, password: MEMBER_PASSWORD },
      headers: { Origin: baseURL },
    });
    expect(back.status()).toBeLessThan(400);
    await visit(page, "/store/cart");
    expect(await page.getByRole("spinbutton", { name: new RegExp(en.cart.quantity) }).inputValue()).toBe("2");
    // The checkout is prefilled with the member's details.
    expect(await page.getByLabel(en.checkout.email).inputValue()).toBe(email);
  });
});
