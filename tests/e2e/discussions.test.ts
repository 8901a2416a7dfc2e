// Member discussions (issue 7): /community in both languages as a visitor (no thread content,
// a sign-in link; axe, 360 px); a member starts a discussion, the moderator approves it in
// /admin/moderation, another member (in Spanish) opens it and replies by keyboard; markup
// shows as text.
import { describe, expect, inject, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";
import { adminSignIn } from "../support/admin-sign-in";
import { signUpMember } from "../support/member-sign-up";

const browser = setupBrowser();
const moderatorEmail = inject("discussionsModeratorEmail");

describe("discussions", () => {
  test.each(["en", "es"] as const)(
    "visitors see what discussions are and a sign-in link, never a thread; axe and 360 px (%s)",
    async (language) => {
      const page = await browser.newPage();
      await visit(page, `/community?lang=${language}`);
      const section = page.getByRole("region", { name: language === "es" ? "Conversaciones" : "Discussions" });
      await section.getByRole("heading", { level: 2 }).waitFor();
      await section
        .getByText(
          language === "es"
            ? "Las conversaciones son para los miembros de la iglesia. Inicie sesión para leerlas y comenzar la suya."
            : "Discussions are for members of the church. Sign in to read the conversations and start your own.",
        )
        .waitFor();
      const signIn = section.getByRole("link", {
        name: language === "es" ? "Inicie sesión para participar en las conversaciones" : "Sign in to join the discussions",
      });
      expect(await signIn.getAttribute("href")).toMatch(/^\/auth\?redirectTo=\/community/);
      expect(await section.getByTestId("discussion-topic").count()).toBe(0);
      expect(await page.content()).not.toContain("Favorite verses for a hard week?");
      await expectNoAxeViolations(page, `/community?lang=${language}`);
      await page.setViewportSize({ width: 360, height: 800 });
      await visit(page, `/community?lang=${language}`);
      expect(await fitsWidth(page)).toBe(true);
      // A thread's address sends a visitor to sign in.
      await page.goto("/community/discussions/00000000-0000-4000-8000-000000000000");
      expect(new URL(page.url()).pathname).toBe("/auth");
    },
  );

  test("a member starts a discussion, the moderator approves it, another member replies in Spanish by keyboard", async () => {
    const title = `Bible study snacks ${Date.now()}`;
    const xss = `<script>alert(1)</script> <a href="javascript:alert(2)">link</a> https://example.com`;
    const author = await browser.newPage();
    await signUpMember(author, "Dana Discussion", "discussion-member");
    await visit(author, "/community");
    const form = author.getByRole("region", { name: "Start a discussion" });
    await form.getByLabel("Topic").fill(title);
    await form.getByLabel("What would you like to talk about?").fill(xss);
    await form.getByRole("button", { name: "Start discussion" }).click();
    await form.getByRole("status").filter({ hasText: "Thank you. Your discussion appears after a moderator reviews it." }).waitFor();
    const waiting = author.getByRole("region", { name: "Waiting for review" });
    await waiting.getByRole("link", { name: title }).waitFor();
    await waiting.getByText("(Awaiting review)").waitFor();
    await expectNoAxeViolations(author, "/community signed in");

    const admin = await browser.newPage();
    await adminSignIn(admin, moderatorEmail, "/admin/moderation");
    await visit(admin, "/admin/moderation");
    await admin.getByRole("heading", { level: 2, name: "Discussions" }).waitFor();
    await expectNoAxeViolations(admin, "/admin/moderation");
    await admin.getByRole("button", { name: `Approve: ${title}` }).click();
    await admin.getByRole("status").filter({ hasText: "Saved." }).waitFor();

    const friend = await browser.newPage();
    await signUpMember(friend, "Felipe Amigo", "discussion-member");
    await visit(friend, "/community?lang=es");
    const topic = friend.getByRole("link", { name: title });
    await topic.focus();
    await friend.keyboard.press("Enter");
    await friend.waitForURL((url) => url.pathname.startsWith("/community/discussions/"));
    await friend.getByRole("heading", { level: 1, name: title }).waitFor();
    // The markup is the text that was written: no script, no link made of it.
    const article = friend.getByRole("article");
    expect(await article.getByTestId("thread-body").innerText()).toBe(xss);
    expect(await article.getByRole("link").count()).toBe(0);
    await friend.getByText("Todavía no hay respuestas.").waitFor();

    await friend.getByLabel("Su respuesta").focus();
    await friend.keyboard.type("¡Yo llevo fruta!");
    await friend.keyboard.press("Tab");
    expect(await friend.evaluate(() => document.activeElement?.textContent)).toBe("Publicar respuesta");
    await friend.keyboard.press("Enter");
    await friend.getByRole("status").filter({ hasText: "Su respuesta está publicada." }).waitFor();
    const replies = friend.getByTestId("discussion-reply");
    await expect.poll(() => replies.count()).toBe(1);
    expect(await replies.first().getByTestId("reply-body").innerText()).toBe("¡Yo llevo fruta!");
    await expectNoAxeViolations(friend, "/community/discussions/:id (es)");
    await friend.setViewportSize({ width: 360, height: 800 });
    await friend.reload();
    expect(await fitsWidth(friend)).toBe(true);

    // The author sees the reply and the count on /community.
    await visit(author, "/community");
    const listed = author.getByTestId("discussion-topic").filter({ hasText: title });
    await listed.getByText("1 reply").waitFor();
  });
});
