// The study hub (issue 6) in the browser: /study and /past-bible-studies in both languages, a
// Spanish reference in the passage box, archive search, and a member who marks a reading
// done and saves a note. axe (WCAG 2.2 AA) and a 360 px screen on each page.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseURL, setupBrowser, visit } from "../support/browser";
import { callbackLink, waitForEmlTo } from "../support/mail-links";
import { expectNoAxeViolations } from "../support/page-checks";
import { e2eServer } from "../support/e2e-server";

const browser = setupBrowser();

async function expectFits360(page: Page, where: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${where} at 360 px`).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("study hub", () => {
  test.each(["en", "es"] as const)("/study: this week's guide, the passage links, axe and 360 px (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/study?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).count()).toBe(1);
    await main.getByRole("link", { name: language === "es" ? "El buen pastor" : "The Good Shepherd" }).waitFor();
    const gateway = main.getByRole("link", {
      name: language === "es" ? /Leer Juan 10:1–18 en Bible Gateway \(RVR1960\)/ : /Read John 10:1–18 on Bible Gateway \(NIV\)/,
    });
    expect(await gateway.getAttribute("target")).toBe("_blank");
    expect(await gateway.getAttribute("rel")).toBe("noopener");
    expect(await gateway.getAttribute("href")).toContain(language === "es" ? "version=RVR1960" : "version=NIV");
    await main
      .getByRole("link", { name: language === "es" ? "Iniciar sesión" : "Sign in" })
      .first()
      .waitFor();
    await expectNoAxeViolations(page, `/study?lang=${language}`);
    await expectFits360(page, `/study?lang=${language}`);
  });

  test("the passage box reads a Spanish reference and explains one it can't read", async () => {
    const page = await browser.newPage();
    await visit(page, "/study?lang=es");
    const main = page.getByRole("main");
    await main.getByLabel("Cita bíblica").fill("1 Corintios 13:4-7");
    await main.getByRole("button", { name: "Mostrar pasaje" }).click();
    await main.getByRole("heading", { name: "1 Corintios 13:4–7" }).waitFor();
    expect(new URL(page.url()).searchParams.get("ref")).toBe("1 Corintios 13:4-7");
    await main.getByRole("link", { name: /Leer 1 Corintios 13:4–7 en Bible\.com/ }).waitFor();

    await main.getByLabel("Cita bíblica").fill("banana 99");
    await main.getByRole("button", { name: "Mostrar pasaje" }).click();
    await main.getByRole("alert").filter({ hasText: "No pudimos leer «banana 99» como una cita bíblica." }).waitFor();
    expect(await main.getByLabel("Cita bíblica").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page, "/study?ref=banana 99");
  });

  test.each(["en", "es"] as const)("/past-bible-studies: the archive, a search, a guide (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/past-bible-studies?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await main.getByRole("listitem").count()).toBeGreaterThanOrEqual(6);
    await expectNoAxeViolations(page, `/past-bible-studies?lang=${language}`);
    await expectFits360(page, `/past-bible-studies?lang=${language}`);

    const search = language === "es" ? "Buscar en los estudios anteriores" : "Search past studies";
    await main.getByLabel(search).fill(language === "es" ? "oracion" : "worry");
    await main.getByRole("button", { name: language === "es" ? "Buscar" : "Search" }).click();
    const title = language === "es" ? "El Señor es mi pastor" : "Do Not Worry";
    await main.getByRole("heading", { level: 2, name: title }).waitFor();
    await expect.poll(() => main.getByRole("heading", { level: 2 }).count()).toBe(1);
    await main.getByRole("link", { name: title }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    await expectNoAxeViolations(page, `guide page (${language})`);
  });

  test("a member marks a reading done and saves a private note", async () => {
    const page = await browser.newPage();
    const email = `study-member-${Date.now()}@example.test`;
    const password = "member-passphrase-9";
    const signup = await page.request.post("/auth", {
      form: { intent: "signup-email", fullName: "Ruth Reader", email, password, confirmPassword: password, username: "", phone: "" },
      headers: { Origin: baseURL },
    });
    expect(signup.status()).toBeLessThan(400);
    await page.goto(callbackLink(await waitForEmlTo(e2eServer().dataDir, email)).toString());

    await visit(page, "/study/plans/gospel-of-john");
    const main = page.getByRole("main");
    await main.getByText("You have done 0 of 21 readings.").waitFor();
    await main.getByRole("button", { name: "Mark day 1 as done" }).click();
    await main.getByRole("status").filter({ hasText: "Day 1 is marked as done." }).waitFor();
    await main.getByText("You have done 1 of 21 readings.").waitFor();
    await main.getByRole("button", { name: "Mark day 1 as not done" }).waitFor();
    await expectNoAxeViolations(page, "/study/plans/gospel-of-john (member)");
    await expectFits360(page, "/study/plans/gospel-of-john");

    await visit(page, "/study");
    await main.getByText("1 of 21 readings done").waitFor();
    await main.getByLabel("Note", { exact: true }).fill("Jesus knows his sheep by name.");
    await main.getByLabel("Passage (optional)").fill("Juan 10:14");
    await main.getByRole("button", { name: "Save note" }).click();
    await main.getByRole("status").filter({ hasText: "Your note was saved." }).waitFor();
    await main.getByText("Jesus knows his sheep by name.").waitFor();
    await main.getByText("On John 10:14").waitFor();
    await expectNoAxeViolations(page, "/study with a note");
    await expectFits360(page, "/study (member)");
  });
});
