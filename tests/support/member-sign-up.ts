import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { baseURL } from "./browser";
import { callbackLink, waitForEmlTo } from "./mail-links";

/** The password of every member the browser tests sign up. */
export const MEMBER_PASSWORD = "member-passphrase-9";

/**
 * A confirmed member signed in in this page's context: the sign-up posted as the dialog posts
 * it, then the link from the email. Answers the new member's (unique) email address.
 */
export async function signUpMember(page: Page, fullName: string, prefix = "member"): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const signup = await page.request.post("/auth", {
    form: { intent: "signup-email", fullName, email, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD, username: "", phone: "" },
    headers: { Origin: baseURL },
  });
  expect(signup.status()).toBeLessThan(400);
  await page.goto(callbackLink(await waitForEmlTo(inject("dataDir"), email)).toString());
  return email;
}
