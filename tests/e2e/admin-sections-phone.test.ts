import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { expectPageAccessible, overflowing } from "../support/page-checks";
import { formPages, portalPage, sectionPaths } from "../support/portal-sections";

/** Each section of the portal on a 360 px phone (tests/support/portal-sections.ts). */
const browser = setupBrowser();

describe("every section fits a 360 px phone without sideways scrolling and passes axe there", () => {
  test.for([...sectionPaths, ...formPages, "/admin/session-update", "/admin/no-such-section"])("%s", async (path) => {
    const page = await portalPage(browser, { viewport: { width: 360, height: 740 }, allowConsoleErrors: [/status of 404/] });
    await visit(page, path, path.endsWith("no-such-section") ? 404 : 200);
    expect(await overflowing(page), path).toEqual([]);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).resolves.toBeLessThanOrEqual(360);
    await expectPageAccessible(page, `${path} at 360 px`);
  });
});
