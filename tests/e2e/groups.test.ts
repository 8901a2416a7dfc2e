// Study groups (issue 6): /community in both languages with the demo groups; a member asks to
// join, an administrator accepts in the admin section, and the member then sees the members.
// axe (WCAG 2.2 AA) and a 360 px screen without sideways scrolling on /community and a group page.
import { describe, expect, inject, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, overflowing } from "../support/page-checks";
import { adminSignIn } from "../support/admin-sign-in";
import { signUpMember } from "../support/member-sign-up";

const browser = setupBrowser();
/** An administrator with the "groups" scope made by the e2e setup, not yet enrolled in two-factor (this file enrols it). */
const groupsAdminEmail = inject("groupsAdminEmail");

describe("study groups", () => {
  test.each(["en", "es"] as const)("/community lists the demo groups, filters them, and passes axe (%s)", async (language) => {
    const page = await browser.newPage();
    await visit(page, `/community?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).count()).toBe(1);
    const section = main.getByRole("region", { name: language === "es" ? "Grupos de estudio" : "Study groups" });
    const names =
      language === "es"
        ? [
            "Estudio bíblico de los martes por la noche",
            "Grupo de estudio bíblico en español",
            "Estudio bilingüe en línea",
            "Estudio de mujeres del sábado por la mañana",
          ]
        : ["Tuesday Night Bible Study", "Spanish Bible Study Group", "Bilingual Online Study", "Women's Saturday Morning Study"];
    for (const name of names) expect(await section.getByRole("heading", { level: 3, name }).count()).toBe(1);
    expect(
      await section.getByText(language === "es" ? "Cada martes a las 7:00\u00a0p.\u00a0m." : "Every Tuesday at 7:00\u00a0PM").count(),
    ).toBe(1);
    // A guest is asked to sign in instead of getting the button.
    expect(
      await section
        .getByRole("link", { name: language === "es" ? "Inicie sesión para solicitar unirse" : "Sign in to request to join" })
        .count(),
    ).toBe(4);
    await expectNoAxeViolations(page, `/community?lang=${language}`);

    if (language === "en") {
      await section.getByLabel("How it meets").selectOption("online");
      await section.getByRole("button", { name: "Show groups" }).click();
      await page.waitForURL(/mode=online/);
      await expect.poll(() => section.getByRole("article").count()).toBe(2);

      await page.setViewportSize({ width: 360, height: 800 });
      await visit(page, "/community");
      expect(await overflowing(page)).toEqual([]);
      await visit(page, "/community/groups/womens-morning-study");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Women's Saturday Morning Study");
      expect(await overflowing(page)).toEqual([]);
      await expectNoAxeViolations(page, "/community/groups/womens-morning-study at 360 px");
    }
  });

  test("a member asks to join, an administrator accepts, the member sees the member list and the schedule", async () => {
    const member = await browser.newPage();
    await signUpMember(member, "Rut Requester", "group-member");
    await visit(member, "/community/groups/tuesday-night-bible-study");
    const join = member.getByRole("region", { name: "Join this group" });
    await join.getByText("Request to join", { exact: true }).click();
    await join.getByLabel("Message to the leaders (optional)").fill("We just moved here.");
    await join.getByRole("button", { name: "Send request" }).click();
    await expect.poll(() => join.getByRole("status").innerText(), { timeout: 10_000 }).toMatch(/Your request has been sent/);
    await expect
      .poll(() => join.getByRole("button", { name: "Withdraw my request to join Tuesday Night Bible Study" }).count(), {
        message: await join.innerText(),
      })
      .toBe(1);
    expect(await member.getByRole("heading", { name: "Members" }).count()).toBe(0);

    // The administrator signs in (enrolling an authenticator the first time) and accepts.
    const admin = await browser.newPage();
    await adminSignIn(admin, groupsAdminEmail, "/admin/groups");
    await visit(admin, "/admin/groups");
    await admin.getByRole("link", { name: "Edit Tuesday Night Bible Study" }).click();
    const requests = admin.getByRole("region", { name: "Join requests" });
    await requests.getByText("We just moved here.").waitFor();
    await expectNoAxeViolations(admin, "/admin/groups/:id");
    await requests.getByRole("button", { name: "Accept Rut Requester" }).click();
    await admin.getByRole("status").filter({ hasText: "The request was accepted and the member was emailed." }).waitFor();

    await visit(member, "/community/groups/tuesday-night-bible-study");
    const members = member.getByRole("region", { name: "Members" });
    await members.getByText("Rut Requester").waitFor();
    expect(await member.getByRole("region", { name: "Next meetings" }).getByRole("listitem").count()).toBe(6);
    await expectNoAxeViolations(member, "a member's group page");
  });
});
