import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser";
import { callbackLink, waitForEmlTo } from "./mail-links";
import { e2eServer } from "./e2e-server";

/** The password of every member the browser tests sign up. */
export const MEMBER_PASSWORD = "member-passphrase-9";

/** Marks the signed-in member's guided tour as taken (as finishing it does). */
export async function completeTour(page: Page): Promise<void> {
  const response = await page.request.post("/tour", { form: { intent: "complete" }, headers: { Origin: baseURL } });
  expect(response.status()).toBe(200);
}

/**
 * A confirmed member signed in in this page's context: the sign-up posted as the dialog posts
 * it, then the link from the email. Answers the new member's (unique) email address.
 */
export async function signUpMember(page: Page, fullName: string, prefix = "member", options: { tourDue?: boolean } = {}): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const signup = await page.request.post("/auth", {
    form: { intent: "signup-email", fullName, email, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD, username: "", phone: "" },
    headers: { Origin: baseURL },
  });
  expect(signup.status()).toBeLessThan(400);
  await page.goto(callbackLink(await waitForEmlTo(e2eServer().dataDir, email)).toString());
  // The guided tour starts by itself for a new member and would cover the page; it has its own
  // tests (tourDue keeps it due). Every caller visits a page next, which then knows it is done.
  if (!options.tourDue) await completeTour(page);
  return email;
}
