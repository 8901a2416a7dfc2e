import type { Page } from "playwright-core";
import { inject } from "vitest";
import { adminSectionHref, visibleSections } from "~/platform/admin/admin-sections";
import { addAdminSession } from "./admin-sign-in";
import type { BrowserFixture, NewPageOptions } from "./browser";

/**
 * What tests/e2e/admin-sections*.test.ts go through: every section of the portal, one test each,
 * as a super administrator whose portal session the set-up made. Three files (from the sidebar,
 * at 360 px, by keyboard) so that they run beside each other and beside
 * tests/e2e/admin-portal.test.ts, where signing in (password, authenticator enrolment, codes) is tested.
 */
export const portalSections = visibleSections(["admin:*"]);

/** Every section's own address. */
export const sectionPaths = portalSections.map(adminSectionHref);

/** Pages inside sections that the sidebar does not link: the new-event form, a selected event's registrations, the members import. */
export const formPages = ["/admin/events/new", "/admin/event-registrations?event=1", "/admin/members/import"];

/**
 * The file's page with the super admin's portal session, kept from test to test (each test
 * loads its own address in it): the sections are only looked at, never changed.
 */
export async function portalPage(browser: BrowserFixture, options: NewPageOptions = {}): Promise<Page> {
  const page = await browser.keptPage("portal", options);
  await addAdminSession(page, inject("sectionsAdminEmail"));
  return page;
}
