import type { Page } from "playwright-core";
import enAdmin from "~/i18n/locales/en/admin";
import { visit } from "./browser";
import { totp } from "./totp";

/**
 * An administrator made by `admin:create` (no authenticator yet) signs in at /admin/login the
 * first time: password, then the enrolment of an authenticator with a code from its secret,
 * then Continue. Resolves when the page has left /admin/login.
 */
export async function firstAdminSignIn(page: Page, credentials: { email: string; password: string }, redirectTo?: string): Promise<void> {
  await visit(page, redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await page.getByLabel("Email").first().fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: enAdmin.login.enrolHeading }).waitFor();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel("Code").fill(totp(secret));
  await page.getByRole("button", { name: enAdmin.login.confirm }).click();
  await page.getByRole("link", { name: enAdmin.login.continue }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
}
