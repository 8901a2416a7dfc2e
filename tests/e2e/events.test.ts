// The public events pages (issue 5): list and month calendar, category filter, detail page
// with JSON-LD, a guest's registration through the form, and "Add to calendar".
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";

const browser = setupBrowser();

describe("events pages", () => {
  test.each(["en", "es"] as const)("list and calendar render and pass axe (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/events?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).count()).toBe(1);
    const festival = language === "es" ? "Festival de la Cosecha" : "Harvest Festival";
    expect(await main.getByRole("link", { name: festival }).first().getAttribute("href")).toBe("/events/harvest-festival");
    const feeds = await main.locator('a[href^="/events.ics"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(feeds).toContain(language === "es" ? "/events.ics?lang=es" : "/events.ics");
    expect(feeds).toContain(language === "es" ? "/events.ics?category=youth&lang=es" : "/events.ics?category=youth");
    await expectNoAxeViolations(page, `/events?lang=${language}`);

    await visit(page, `/events?view=calendar&lang=${language}`);
    const table = main.getByRole("table");
    expect(await table.getByRole("columnheader").count()).toBe(7);
    expect(await main.getByRole("link", { name: language === "es" ? "Mes siguiente" : "Next month" }).count()).toBe(1);
    await expectNoAxeViolations(page, `/events?view=calendar&lang=${language}`);

    if (language === "en") {
      // A phone: the calendar becomes a list of days, nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await table.isVisible()).toBe(false);
      expect(await fitsWidth(page)).toBe(true);
    }
  });

  test("category filter", async () => {
    const page = await browser.newPage();
    await visit(page, "/events");
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    await filter.getByRole("link", { name: "Youth" }).click();
    await page.waitForURL(/category=youth/);
    // The URL changes before React has committed the new page: wait for the render.
    await expect.poll(() => filter.getByRole("link", { name: "Youth" }).getAttribute("aria-current")).toBe("page");
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("link", { name: "Youth Night" }).count()).toBeGreaterThan(0);
    expect(await main.getByRole("link", { name: "Harvest Festival" }).count()).toBe(0);
  });

  test("detail page: JSON-LD Event, sign-in link, and the Add to calendar download", async () => {
    const page = await browser.newPage();
    await visit(page, "/events/harvest-festival");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Harvest Festival");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const event = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((ld) => ld["@type"] === "Event");
    expect(event).toMatchObject({
      name: "Harvest Festival",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place" },
      organizer: { name: "Living Hope Church" },
    });
    expect(event?.startDate).toMatch(/T15:00:00-0[56]:00$/);
    expect(await page.getByRole("link", { name: "Sign in to RSVP" }).getAttribute("href")).toBe(
      "/auth?redirectTo=/events/harvest-festival",
    );

    const href = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
    expect(href).toBe("/events/harvest-festival/calendar.ics");
    const response = await fetch(`${baseURL}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="harvest-festival.ics"');
    expect(await response.text()).toContain("SUMMARY:Harvest Festival");
  });

  test("a recurring event lists its next dates; Spanish detail passes axe", async () => {
    const page = await browser.newPage();
    await visit(page, "/events/wednesday-bible-study?lang=es");
    const dates = page.getByRole("region", { name: "Próximas fechas" }).getByRole("link");
    expect(await dates.count()).toBeGreaterThan(1);
    expect(await dates.nth(1).getAttribute("href")).toMatch(/^\/events\/wednesday-bible-study\?date=\d{4}-\d{2}-\d{2}$/);
    await expectNoAxeViolations(page, "/events/wednesday-bible-study?lang=es");
  });

  test("a guest registers through the form: errors first, then 'Check your email'", async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 400/] });
    await visit(page, "/events/harvest-festival");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Register" }) });
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByText("Please enter your name.").count()).toBe(1);
    expect(await page.getByText("Please enter a valid email address.").count()).toBe(1);
    expect(await form.getByLabel("Your name").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Your name").fill("E2E Guest");
    await form.getByLabel("Email").fill(`guest-${Date.now()}@example.test`);
    await form.getByLabel("Number of people").selectOption("2");
    await form.getByLabel(/Will you bring a chili/).selectOption({ label: "Yes" });
    await form.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("main").getByRole("status").innerText(), { timeout: 10_000 }).toMatch(/Check your email/);
    await expectNoAxeViolations(page, "/events/harvest-festival after registering");
  });

  test("without JavaScript the guest form still works (a plain POST)", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto("/events/harvest-festival?lang=es");
    expect(response?.status()).toBe(200);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Registrarse" }) });
    await form.getByLabel("Su nombre").fill("Invitado sin JS");
    await form.getByLabel("Correo electrónico").fill(`nojs-${Date.now()}@example.test`);
    await form.getByLabel(/Traerá un chili/).selectOption({ label: "No" });
    await Promise.all([page.waitForLoadState("load"), form.getByRole("button", { name: "Registrarse" }).click()]);
    await expect.poll(() => page.getByRole("main").getByRole("status").innerText()).toMatch(/Revise su correo/);
  });
});
