import type { Page } from "playwright-core";
import { ADMIN_COOKIE } from "~/platform/admin/admin-session.server";
import { visit } from "./browser";
import { e2eServer } from "./e2e-server";

/**
 * An administrator of the run (tests/support/e2e-global-setup.ts) in the portal: the browser
 * gets the portal session the setup made for them with the app's own createAdminSession (what a
 * completed sign-in with password and authenticator code makes), then opens `redirectTo`
 * (default /admin). Signing in through the page, with enrolment and codes, is the subject of
 * tests/e2e/admin-portal.test.ts only.
 */
export async function adminSignIn(page: Page, email: string, redirectTo = "/admin"): Promise<void> {
  await addAdminSession(page, email);
  await visit(page, redirectTo);
}

/** The portal session of `email` in the page's browser, without opening a page. */
export async function addAdminSession(page: Page, email: string): Promise<void> {
  const token = e2eServer().adminSessionTokens[email];
  if (!token) throw new Error(`No portal session was made for ${email} (tests/support/e2e-global-setup.ts)`);
  await page.context().addCookies([{ name: ADMIN_COOKIE, value: token, url: e2eServer().baseURL, httpOnly: true, sameSite: "Lax" }]);
}
