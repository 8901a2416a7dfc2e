import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import enAdmin from "~/i18n/locales/en/admin";
import { visit } from "./browser";
import { unusedTotp } from "./totp";

/**
 * An administrator made by `admin:create` signs in at /admin/login: password, then the first
 * time in the run the enrolment of an authenticator (its key is kept in the run's DATA_DIR as
 * `totp-<email>.txt`, then Continue), later a code from that key. Resolves when the page has
 * left /admin/login.
 */
export async function adminSignIn(page: Page, credentials: { email: string; password: string }, redirectTo?: string): Promise<void> {
  const keyFile = path.join(inject("dataDir"), `totp-${credentials.email}.txt`);
  // Each code works once: the steps used so far, shared by every test file of the run.
  const store = path.join(inject("dataDir"), `totp-${credentials.email}.steps.json`);
  await visit(page, redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await page.getByLabel("Email").first().fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const enrol = page.getByRole("heading", { name: enAdmin.login.enrolHeading });
  const code = page.getByRole("heading", { name: enAdmin.login.codeHeading });
  await enrol.or(code).waitFor();
  if (await enrol.isVisible()) {
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    writeFileSync(keyFile, secret);
    await page.getByLabel("Code").fill(await unusedTotp(secret, { store }));
    await page.getByRole("button", { name: enAdmin.login.confirm }).click();
    await page.getByRole("link", { name: enAdmin.login.continue }).click();
  } else {
    expect(existsSync(keyFile), `${credentials.email} enrolled elsewhere in this run without keeping the key`).toBe(true);
    await page.getByLabel("Code").fill(await unusedTotp(readFileSync(keyFile, "utf8").trim(), { store }));
    await page.getByRole("button", { name: enAdmin.login.verify }).click();
  }
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
}
