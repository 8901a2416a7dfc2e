// The photo gallery (issue 7): the gallery section of /community in both languages (axe, 360 px),
// the lightbox by keyboard (Enter opens, arrow keys move, Escape closes and focus returns to the
// thumbnail), an administrator uploading several photos at once into a new album, and a member's
// photo that appears only after a moderator approves it.
import sharp from "sharp";
import { describe, expect, inject, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { adminSignIn } from "../support/admin-sign-in";
import { signUpMember } from "../support/member-sign-up";

const browser = setupBrowser();
// The run's gallery administrator (scopes content and moderation).
const galleryAdminEmail = inject("galleryAdminEmail");

async function photo(
  width: number,
  height: number,
  color: { r: number; g: number; b: number },
  format: "jpeg" | "png" = "jpeg",
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

describe("photo gallery", () => {
  test.each(["en", "es"] as const)("the gallery section, its lightbox by keyboard, axe and 360 px (%s)", async (language) => {
    const es = language === "es";
    const page = await browser.newPage();
    await visit(page, `/community?lang=${language}`);
    const section = page.getByRole("region", { name: es ? "Galería de fotos" : "Photo Gallery" });
    await section.getByRole("heading", { level: 2, name: es ? "Galería de fotos" : "Photo Gallery" }).waitFor();
    const thumbs = section.getByRole("link", { name: es ? /^Ver en grande: / : /^View larger: / });
    await expect.poll(() => thumbs.count()).toBeGreaterThanOrEqual(2);
    expect(await thumbs.count()).toBeLessThanOrEqual(8);
    // Every photo has its size set; below the first row they load lazily.
    const sizes = await section
      .locator("li img")
      .evaluateAll((imgs) => imgs.map((i) => [i.getAttribute("width"), i.getAttribute("height"), i.getAttribute("loading")]));
    for (const [w, h] of sizes) expect(Number(w) > 0 && Number(h) > 0).toBe(true);
    expect(sizes.some(([, , loading]) => loading === "lazy")).toBe(true);
    await section.getByRole("link", { name: es ? "Inicie sesión para compartir una foto" : "Sign in to share a photo" }).waitFor();
    await expectNoAxeViolations(page, `/community?lang=${language}`);

    const firstName = (await thumbs.nth(0).getAttribute("aria-label"))!.replace(/^[^:]+: /, "");
    const secondName = (await thumbs.nth(1).getAttribute("aria-label"))!.replace(/^[^:]+: /, "");
    await thumbs.nth(0).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: firstName });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: es ? "Cerrar" : "Close" }).waitFor();
    await expectNoAxeViolations(page, `/community?lang=${language} lightbox`);
    await page.keyboard.press("ArrowRight");
    await page.getByRole("dialog", { name: secondName }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("dialog", { name: firstName }).waitFor();
    await page.getByRole("button", { name: es ? "Foto siguiente" : "Next photo" }).click();
    await page.getByRole("dialog", { name: secondName }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // Focus is back on the thumbnail of the photo last shown. The dialog loses its role at once,
    // but its close event (where the focus moves) is a task later; in between, Chromium has put
    // the focus back on the thumbnail that opened it.
    const lastShown = await thumbs.nth(1).getAttribute("aria-label");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(lastShown);
    // Without JavaScript the thumbnail is a link to the full-size photo.
    expect(await thumbs.nth(0).getAttribute("href")).toMatch(/\.(webp|jpe?g|png)$/);

    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, `/community?lang=${language}`);
    expect(await fitsWidth(page)).toBe(true);
    await page
      .getByRole("region", { name: es ? "Galería de fotos" : "Photo Gallery" })
      .getByRole("link", { name: es ? /^Ver en grande: / : /^View larger: / })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    expect(await fitsWidth(page)).toBe(true);
  });

  test("an administrator uploads several photos at once; a member's photo appears after a moderator approves it", async () => {
    const stamp = Date.now();
    const admin = await browser.newPage();
    await adminSignIn(admin, galleryAdminEmail, "/admin/gallery");
    await visit(admin, "/admin/gallery");
    await admin.getByRole("heading", { level: 1, name: "Photo Gallery" }).waitFor();
    await expectNoAxeViolations(admin, "/admin/gallery");
    const upload = admin.getByRole("region", { name: "Upload photos" });
    await upload.getByLabel("Photos", { exact: true }).setInputFiles([
      { name: "lanterns.jpg", mimeType: "image/jpeg", buffer: await photo(2000, 1500, { r: 200, g: 120, b: 40 }) },
      { name: "choir.png", mimeType: "image/png", buffer: await photo(1200, 900, { r: 40, g: 90, b: 160 }, "png") },
    ]);
    await upload.getByLabel("Album", { exact: true }).selectOption("new");
    await upload.getByLabel("New album title (English)").fill(`Lantern night ${stamp}`);
    await upload.getByLabel("New album title (Spanish)").fill(`Noche de faroles ${stamp}`);
    await upload.getByLabel("Album event date").fill("2026-10-31");
    await upload.getByLabel("Category", { exact: true }).selectOption("events");
    await upload.getByLabel("Title (English)", { exact: true }).fill(`Lantern night photo ${stamp}`);
    await upload.getByLabel("Title (Spanish)", { exact: true }).fill(`Foto de la noche de faroles ${stamp}`);
    await upload.getByRole("button", { name: "Upload photos" }).click();
    await admin.getByRole("status").filter({ hasText: "2 photos uploaded." }).waitFor();
    await expect
      .poll(() =>
        admin
          .getByTestId("gallery-admin-photo")
          .filter({ hasText: `Lantern night photo ${stamp}` })
          .count(),
      )
      .toBe(2);

    const visitor = await browser.newPage();
    await visit(visitor, "/community?lang=es");
    const gallery = visitor.getByRole("region", { name: "Galería de fotos" });
    await gallery.getByLabel("Álbum").selectOption({ label: `Noche de faroles ${stamp}` });
    await gallery.getByRole("button", { name: "Mostrar fotos" }).click();
    await expect.poll(() => gallery.getByRole("link", { name: `Ver en grande: Foto de la noche de faroles ${stamp}` }).count()).toBe(2);
    // The uploaded photos are offered in AVIF and WebP at several widths.
    const sources = await gallery
      .locator("picture source")
      .evaluateAll((s) => s.map((e) => `${e.getAttribute("type")} ${e.getAttribute("srcset")}`));
    expect(sources.some((s) => /^image\/avif .*-480\.avif 480w, .*-960\.avif 960w, .*-1600\.avif 1600w$/.test(s))).toBe(true);
    expect(sources.some((s) => /^image\/webp .*-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1200w$/.test(s))).toBe(true);

    const member = await browser.newPage();
    await signUpMember(member, "Paula Photographer", "gallery-member");
    await visit(member, "/community#gallery-submit");
    const share = member.getByRole("region", { name: "Photo Gallery" });
    await share
      .getByLabel("Photo", { exact: true })
      .setInputFiles({ name: "baptism.jpg", mimeType: "image/jpeg", buffer: await photo(1000, 750, { r: 20, g: 150, b: 120 }) });
    await share.getByLabel("Title", { exact: true }).fill(`River baptism ${stamp}`);
    await share.getByLabel("Description (optional)").fill("<b>A joyful</b> morning");
    await share.getByRole("button", { name: "Send photo" }).click();
    await share.getByRole("status").filter({ hasText: "Thank you! Your photo will appear in the gallery after review." }).waitFor();
    await expectNoAxeViolations(member, "/community signed in");
    await visit(member, "/community");
    expect(await member.getByText(`River baptism ${stamp}`).count()).toBe(0);

    await visit(admin, "/admin/moderation");
    const item = admin.getByTestId("photo-moderation-item").filter({ hasText: `River baptism ${stamp}` });
    await item.waitFor();
    await expectNoAxeViolations(admin, "/admin/moderation");
    await item.getByLabel("Title (Spanish)").fill(`Bautismo en el río ${stamp}`);
    await item.getByRole("button", { name: "Approve" }).click();
    await admin.getByRole("status").filter({ hasText: "Saved." }).waitFor();

    await visit(visitor, "/community?lang=en");
    const approved = visitor.getByRole("region", { name: "Photo Gallery" });
    await approved.getByRole("link", { name: `View larger: River baptism ${stamp}` }).waitFor();
    // The description's markup is shown as text.
    await approved.getByText("<b>A joyful</b> morning").waitFor();
    await visit(visitor, "/community?lang=es");
    await visitor.getByRole("link", { name: `Ver en grande: Bautismo en el río ${stamp}` }).waitFor();
  });
});
