// The prayer wall (issue 7): /prayer in both languages (axe, 360 px); a member shares a request,
// the prayer administrator approves it on the moderation page, another member presses
// "I'm praying" and the count changes without a page load; markup in a request shows as text.
import { describe, expect, inject, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { adminSignIn } from "../support/admin-sign-in";
import { signUpMember } from "../support/member-sign-up";

const browser = setupBrowser();
const prayerAdminEmail = inject("prayerAdminEmail");

describe("prayer wall", () => {
  test.each(["en", "es"] as const)("/prayer shows the wall with a sign-in prompt, passes axe and fits 360 px (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/prayer?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe(language === "es" ? "Muro de oración" : "Prayer Wall");
    await main.getByRole("heading", { level: 2, name: language === "es" ? "Peticiones de oración" : "Prayer requests" }).waitFor();
    await main
      .getByText(
        language === "es"
          ? "Inicie sesión para orar por las peticiones y compartir las suyas."
          : "Sign in to pray for requests and to share your own.",
      )
      .waitFor();
    await expectNoAxeViolations(page, `/prayer?lang=${language}`);
    await page.setViewportSize({ width: 360, height: 800 });
    await visit(page, `/prayer?lang=${language}`);
    expect(await fitsWidth(page)).toBe(true);
  });

  test("a member shares a request, the moderator approves it, another member prays and the count changes without a reload", async () => {
    const xss = `<script>alert(1)</script> <a href="javascript:alert(2)">link</a> ${Date.now()}`;
    const author = await browser.newPage();
    await signUpMember(author, "Paula Petition", "prayer-member");
    await visit(author, "/prayer");
    const form = author.getByRole("region", { name: "Share a prayer request" });
    await form.getByLabel("Title (optional)").fill("Healing for my father");
    await form.getByLabel("Your request").fill(xss);
    await form.getByLabel("Category").selectOption("healing");
    await form.getByRole("button", { name: "Share request" }).click();
    await form.getByRole("status").filter({ hasText: "Your request is waiting for review." }).waitFor();
    await author.getByRole("region", { name: "My requests" }).getByText("Waiting for review").first().waitFor();
    await expectNoAxeViolations(author, "/prayer signed in");

    const admin = await browser.newPage();
    await adminSignIn(admin, prayerAdminEmail, "/admin/moderation");
    await visit(admin, "/admin/moderation");
    await admin.getByRole("heading", { level: 1, name: "Moderation" }).waitFor();
    await expectNoAxeViolations(admin, "/admin/moderation");
    await admin.getByRole("button", { name: "Approve: Healing for my father" }).click();
    await admin.getByRole("status").filter({ hasText: "Saved." }).waitFor();

    const friend = await browser.newPage();
    await signUpMember(friend, "Fran Friend", "prayer-member");
    await visit(friend, "/prayer");
    const card = friend.getByRole("article", { name: "Healing for my father" });
    // The markup is shown as the text that was written: no script ran, no link was made.
    expect(await card.getByTestId("prayer-body").innerText()).toBe(xss);
    expect(await card.getByRole("link").count()).toBe(0);
    expect(await card.getByTestId("praying-count").innerText()).toBe("0 people are praying");
    await friend.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await card.getByRole("button", { name: "I'm praying for “Healing for my father”" }).click();
    await expect.poll(() => card.getByTestId("praying-count").innerText()).toBe("1 person is praying");
    await card.getByRole("button", { name: "You are praying" }).waitFor();
    expect(await friend.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
