// The prayer generator (issue 7): compose in English and in Spanish (each page's own UI), with
// axe clean and no horizontal scroll at 360 px; the composer works from the keyboard alone;
// markup in the visitor's words shows as text; a member saves a prayer and sees it listed.
import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { signUpMember } from "../support/member-sign-up";

const browser = setupBrowser();

const ui = {
  en: {
    h1: "Prayer Generator",
    topic: "Family",
    name: "Name of someone to pray for (optional)",
    words: "A few words about your request (optional)",
    language: "Language of the prayer",
    compose: "Compose prayer",
    result: "Your prayer",
    again: "Another prayer",
    amen: "Amen.",
    signIn: "Sign in to save this prayer or post it to the prayer wall.",
  },
  es: {
    h1: "Generador de oraciones",
    topic: "Familia",
    name: "Nombre de alguien por quien orar (opcional)",
    words: "Unas palabras sobre su petición (opcional)",
    language: "Idioma de la oración",
    compose: "Componer oración",
    result: "Su oración",
    again: "Otra oración",
    amen: "Amén.",
    signIn: "Inicie sesión para guardar esta oración o publicarla en el muro de oración.",
  },
} as const;

describe("prayer generator", () => {
  test.each(["en", "es"] as const)(
    "composes a prayer in the page's language, markup as text, axe clean, fits 360 px (%s)",
    async (language) => {
      const s = ui[language];
      const page = await browser.newPage();
      await visit(page, `/prayer-generator?lang=${language}`);
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe(s.h1);
      expect(await main.getByLabel(s.language).inputValue()).toBe(language);
      await expectNoAxeViolations(page, `/prayer-generator?lang=${language}`);

      const xss = `<img src=x onerror="window.pwned=1"><b>bold</b>`;
      await main.getByRole("radio", { name: s.topic }).check();
      await main.getByLabel(s.name).fill("Rosa");
      await main.getByLabel(s.words).fill(xss);
      await main.getByRole("button", { name: s.compose }).click();
      const result = main.getByRole("region", { name: s.result });
      const prayer = result.locator("article");
      await prayer.getByText(s.amen).waitFor();
      const text = await prayer.innerText();
      expect(text).toContain("Rosa");
      expect(text).toContain(xss);
      expect(await prayer.locator("img, b").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await result.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
      await result.getByText(s.signIn).waitFor();
      await result.getByRole("button", { name: s.again }).waitFor();
      await expectNoAxeViolations(page, `/prayer-generator?lang=${language} with a prayer`);

      await page.setViewportSize({ width: 360, height: 800 });
      expect(await fitsWidth(page)).toBe(true);
      await visit(page, `/prayer-generator?lang=${language}`);
      expect(await fitsWidth(page)).toBe(true);
    },
  );

  test("the composer works from the keyboard alone", async () => {
    const page = await browser.newPage();
    await visit(page, "/prayer-generator");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Healing" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await main.getByRole("radio", { name: "Family" }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("generator-name");
    await page.keyboard.type("Sam");
    await page.keyboard.press("Tab");
    await page.keyboard.type("a new job");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("generator-language");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Compose prayer");
    await page.keyboard.press("Enter");
    const prayer = main.getByRole("region", { name: "Your prayer" }).locator("article");
    await prayer.getByText("“a new job.”").waitFor();
    expect(await prayer.innerText()).toContain("Sam");
  });

  test("without JavaScript the form posts and the server renders the prayer; Copy needs JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/prayer-generator?lang=es");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Duelo y pérdida" }).check();
    await main.getByLabel(ui.es.name).fill("Elena");
    await main.getByRole("button", { name: ui.es.compose }).click();
    const result = main.getByRole("region", { name: ui.es.result });
    await result.locator("article").getByText("Amén.").waitFor();
    expect(await result.locator("article").innerText()).toContain("Elena");
    expect(await result.getByRole("button", { name: "Copiar oración" }).count()).toBe(0);
    await result.getByRole("link", { name: "Compartir por correo electrónico" }).waitFor();
    // Another prayer works without JavaScript too.
    await result.getByRole("button", { name: ui.es.again }).click();
    await result.locator("article").getByText("Amén.").waitFor();
    expect(await main.getByRole("radio", { name: "Duelo y pérdida" }).isChecked()).toBe(true);
  });

  test("with JavaScript, Copy puts the prayer and its references on the clipboard", async () => {
    const page = await browser.newPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await visit(page, "/prayer-generator");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Peace and anxiety" }).check();
    await main.getByRole("button", { name: "Compose prayer" }).click();
    const result = main.getByRole("region", { name: "Your prayer" });
    await result.locator("article").getByText("Amen.").waitFor();
    await result.getByRole("button", { name: "Copy prayer" }).click();
    await result.getByRole("status").filter({ hasText: "The prayer was copied." }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Amen.");
    expect(copied).toContain(await result.getByRole("listitem").first().innerText());
  });

  test("a member saves a prayer and finds it under My saved prayers", async () => {
    const page = await browser.newPage();
    await signUpMember(page, "Grace Generator", "generator-member");
    await visit(page, "/prayer-generator?lang=es");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Gratitud" }).check();
    await main.getByRole("button", { name: "Componer oración" }).click();
    const result = main.getByRole("region", { name: "Su oración" });
    await result.locator("article").getByText("Amén.").waitFor();
    const first = (await result.locator("article p").first().innerText()).trim();
    await result.getByRole("button", { name: "Guardar en mis oraciones" }).click();
    await result.getByRole("status").filter({ hasText: "La oración se guardó en sus oraciones." }).waitFor();
    const saved = main.getByRole("region", { name: "Mis oraciones guardadas" });
    await saved.getByText(first).first().waitFor();
    await saved.getByRole("heading", { name: "Gratitud" }).waitFor();
    await expectNoAxeViolations(page, "/prayer-generator signed in with a saved prayer");
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await saved.getByRole("button", { name: /^Eliminar la oración guardada el / }).click();
    await saved.getByText("La oración guardada se eliminó.").waitFor();
    await saved.getByText("Todavía no ha guardado ninguna oración.").waitFor();
  });
});
