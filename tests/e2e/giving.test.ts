// Online giving (issue 8) in the browser: a visitor gives by keyboard at 360 px in both
// languages (errors tied to fields, the fee line updating live, the redirect to the Checkout
// stand-in, the signed webhook, the thanks page and the receipt), and a member sets up a
// monthly gift, finds it in their history, cancels it and downloads their statement.
import { describe, expect, inject, test } from "vitest";
import { coverFeeCents, formatCents } from "~/features/payments/money";
import en from "~/i18n/locales/en/giving-admin";
import es from "~/i18n/locales/es/giving-admin";
import { setupBrowser, visit } from "../support/browser";
import { completedSessionEvent, postStripeEvent, stripeEvent, type FakeCheckoutSession } from "../support/fake-stripe";
import { waitForEmlTo } from "../support/mail-links";
import { signUpMember } from "../support/member-sign-up";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const fakeStripe = inject("fakeStripeURL");
const baseURL = e2eServer().baseURL;

/** The newest Checkout Session the fake made for this email. */
async function sessionFor(email: string): Promise<FakeCheckoutSession> {
  const response = await fetch(`${fakeStripe}/_fake/sessions?email=${encodeURIComponent(email)}`);
  const sessions = (await response.json()) as FakeCheckoutSession[];
  expect(sessions.length, `a checkout session for ${email}`).toBeGreaterThan(0);
  return sessions[0]!;
}

/** The success URL Stripe sends the donor to after paying. */
const successPath = (session: FakeCheckoutSession) =>
  new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id)).pathname +
  new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id)).search;

describe("online giving", () => {
  test.each([
    ["en", en, "Missions"],
    ["es", es, "Misiones"],
  ] as const)(
    "a visitor gives by keyboard at 360 px: errors on the fields, the fee live, Checkout, the webhook, thanks and the receipt (%s)",
    async (language, t, fund) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 800 }, allowConsoleErrors: [/status of 400/] });
      await visit(page, `/give?lang=${language}`);
      await page.getByRole("heading", { level: 1, name: language === "es" ? "Ofrendar" : "Give" }).waitFor();
      const form = page.getByRole("region", { name: t.onlineHeading });
      await form.waitFor();
      await page.getByRole("region", { name: t.ways.heading }).getByText(/GIVE/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/give?lang=${language}`);

      // A typed amount that is not a number and no name or email: errors tied to their fields.
      const custom = form.getByLabel(t.form.otherAmount);
      await custom.focus();
      await page.keyboard.type("abc");
      await form.getByRole("button", { name: t.form.submit }).focus();
      await page.keyboard.press("Enter");
      await form.getByRole("alert").filter({ hasText: t.form.errorSummary }).waitFor();
      expect(await custom.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await custom.getAttribute("aria-describedby"))!.split(" ");
      expect(await page.locator(`#${describedBy.at(-1)}`).innerText()).toBe(t.errors.amount);
      const name = form.getByLabel(t.form.name);
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe(t.errors.name);
      expect(await custom.inputValue()).toBe("abc");
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/give?lang=${language} with errors`);

      // Now properly: the fund, $50 (the preset clears the typed amount), the fee covered.
      await form.getByRole("radio", { name: new RegExp(`^${fund}`) }).focus();
      await page.keyboard.press("Space");
      await form.getByRole("radio", { name: formatCents(5_000, language), exact: true }).focus();
      await page.keyboard.press("Space");
      expect(await custom.inputValue()).toBe("");
      await form.getByRole("checkbox").focus();
      await page.keyboard.press("Space");
      const fee = coverFeeCents(5_000, 290, 30);
      const feeLine = fill(t.form.feeLine, { fee: formatCents(fee, language), total: formatCents(5_000 + fee, language) });
      await form.getByText(feeLine).waitFor();
      // Typing another amount updates it.
      await custom.focus();
      await page.keyboard.type("100");
      const fee100 = coverFeeCents(10_000, 290, 30);
      await form
        .getByText(fill(t.form.feeLine, { fee: formatCents(fee100, language), total: formatCents(10_000 + fee100, language) }))
        .waitFor();
      expect(await form.getByRole("radio", { name: formatCents(5_000, language), exact: true }).isChecked()).toBe(false);

      const email = `giver-${language}-${unique()}@example.test`;
      const who = language === "es" ? "Gabriela Generosa" : "Gary Generous";
      await name.focus();
      await page.keyboard.type(who);
      await form.getByLabel(t.form.email).focus();
      await page.keyboard.type(email);
      await form.getByRole("button", { name: t.form.submit }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.toString().startsWith(`${fakeStripe}/checkout/cs_test_`));
      expect(await page.locator("#amount").innerText()).toBe(String(10_000 + fee100));

      const session = await sessionFor(email);
      expect(session.metadata.language).toBe(language);
      // Back from Checkout before the webhook: being confirmed, nothing claimed.
      await visit(page, successPath(session));
      await page.getByRole("heading", { level: 1, name: t.thanks.pendingHeading }).waitFor();
      const answer = await postStripeEvent(baseURL, completedSessionEvent(session));
      expect(answer.status).toBe(200);
      await visit(page, successPath(session));
      await page.getByRole("heading", { level: 1, name: t.thanks.heading }).waitFor();
      await page
        .getByRole("status")
        .filter({ hasText: fill(t.thanks.recorded, { amount: formatCents(10_000, language), fund }) })
        .waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `/give/thanks (${language})`);

      const mail = await waitForEmlTo(e2eServer().dataDir, email);
      expect(mail).toContain(t.email.taxNote);
    },
  );

  test("a member sets up a monthly gift, sees it in their history, cancels it and downloads the statement", async () => {
    const page = await browser.newPage();
    const memberName = `Mia Monthly ${unique()}`;
    const email = await signUpMember(page, memberName, "giving-member");
    await visit(page, "/give");
    const form = page.getByRole("region", { name: en.onlineHeading });
    await form.getByText(fill(en.form.givingAs, { name: memberName, email })).waitFor();
    // A member may give regularly: no sign-in note.
    expect(await form.getByText(en.form.recurringNeedsAccount).count()).toBe(0);
    await form.getByRole("radio", { name: /^Building Fund/ }).check();
    await form.getByRole("radio", { name: "$25", exact: true }).check();
    await form.getByRole("radio", { name: en.form.frequencies.monthly }).check();
    await expectNoAxeViolations(page, "/give as a member");
    await form.getByRole("button", { name: en.form.submit }).click();
    await page.waitForURL((url) => url.toString().startsWith(`${fakeStripe}/checkout/cs_test_`));

    const session = await sessionFor(email);
    expect(session.mode).toBe("subscription");
    const completed = completedSessionEvent(session);
    expect((await postStripeEvent(baseURL, completed)).status).toBe(200);
    // The first monthly payment.
    const invoice = stripeEvent("invoice.paid", {
      id: `in_test_${unique().replace(/-/g, "")}`,
      object: "invoice",
      customer: completed.data.object.customer,
      amount_paid: 2_500,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: completed.data.object.subscription, metadata: session.metadata },
      },
      payments: { data: [{ payment: { type: "payment_intent", payment_intent: `pi_test_${unique().replace(/-/g, "")}` } }] },
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
    });
    expect((await postStripeEvent(baseURL, invoice)).status).toBe(200);

    await visit(page, "/give");
    await page.getByRole("link", { name: en.historyLink }).click();
    await page.waitForURL(/\/give\/history$/);
    await page.getByRole("heading", { level: 1, name: en.history.title }).waitFor();
    const recurring = page.getByRole("region", { name: en.history.recurringHeading });
    await recurring.getByText(`$25 · Building Fund · ${en.form.frequencies.monthly}`).waitFor();
    const gifts = page.getByRole("region", { name: en.history.giftsHeading });
    await gifts
      .getByRole("cell", { name: /Building Fund/ })
      .first()
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "/give/history");

    // Cancel, with a confirmation step.
    const gift = { amount: "$25", fund: "Building Fund", frequency: en.form.frequencies.monthly };
    await recurring.getByRole("button", { name: fill(en.history.cancelLabel, gift) }).click();
    await recurring.getByText(fill(en.history.confirmCancel, gift)).waitFor();
    await recurring.getByRole("button", { name: en.history.confirmYes }).click();
    await page.getByRole("status").filter({ hasText: en.history.canceledMessage }).waitFor();
    await recurring.getByText(`${en.history.status}: ${en.history.statuses.canceled}`).waitFor();
    const requests = (await (await fetch(`${fakeStripe}/_fake/requests`)).json()) as { method: string; path: string }[];
    expect(requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${completed.data.object.subscription}`)).toBe(true);

    // The statement of this year.
    const year = new Date().getFullYear();
    const link = page.getByRole("link", { name: fill(en.history.statement, { year: String(year) }) });
    const href = await link.getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="giving-statement-${year}.pdf"`);
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
