import { describe, test } from "vitest";
import { adminSectionHref } from "~/platform/admin/admin-sections";
import en from "~/i18n/locales/en/admin";
import { setupBrowser, visit } from "../support/browser";
import { expectPageAccessible } from "../support/page-checks";
import { portalPage, portalSections } from "../support/portal-sections";

/** Each section of the portal reached from the sidebar passes axe (tests/support/portal-sections.ts). */
const browser = setupBrowser();

describe("every section from the sidebar passes axe", () => {
  test.for(portalSections.map((section) => [section.id, section] as const))("%s", async ([, section]) => {
    const page = await portalPage(browser);
    await visit(page, "/admin");
    const nav = page.getByRole("navigation", { name: en.portal.navLabel });
    await nav.getByRole("link", { name: en.sections[section.id], exact: true }).click();
    await page.waitForURL((url) => url.pathname === adminSectionHref(section));
    await page
      .getByRole("heading", { level: 1, name: section.id === "dashboard" ? en.dashboard.title : en.sections[section.id] })
      .waitFor();
    await expectPageAccessible(page, section.id);
  });
});
