import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en";
import es from "~/i18n/locales/es";
import { getBreadcrumbs, shouldShowBreadcrumbs, type Crumb } from "./breadcrumbs";

/** Resolves a crumb's i18n key the way the UI does: "breadcrumbs.adminSections.users" → text. */
function label(crumb: Crumb, translation: Record<string, unknown> = en as unknown as Record<string, unknown>): string {
  const value = crumb.labelKey
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translation);
  if (typeof value !== "string") throw new Error(`missing translation for ${crumb.labelKey}`);
  return value;
}

const texts = (path: string) => getBreadcrumbs(path).map((c) => label(c));

// The spec's table (section 2, "Breadcrumbs"), row by row. "section name" for the
// Resources rows is the page's own name.
const specTable: Array<[path: string, trail: string[]]> = [
  ["/study", ["Home", "Bible Tools & Study"]],
  ["/events", ["Home", "Events"]],
  ["/sermons", ["Home", "Resources", "Sermons"]],
  ["/prayer", ["Home", "Resources", "Prayer"]],
  ["/gallery", ["Home", "Resources", "Gallery"]],
  ["/store", ["Home", "Resources", "Store"]],
  ["/community", ["Home", "Community"]],
  ["/give", ["Home", "Give"]],
  ["/about", ["Home", "About"]],
  ["/privacy", ["Home", "Privacy"]],
  ["/plan-visit", ["Home", "Plan Your Visit"]],
  ["/watch", ["Home", "Watch Live"]],
  ["/admin", ["Home", "Admin Dashboard"]],
];

// The spec's admin section labels; the routes are /admin/<section> with inbox-* at /admin/inbox/*.
const adminSections: Array<[path: string, label: string]> = [
  ["/admin/dashboard", "Dashboard"],
  ["/admin/users", "User Management"],
  ["/admin/members", "Member Management"],
  ["/admin/health", "System Health"],
  ["/admin/settings", "Settings"],
  ["/admin/inbox/prayer", "Prayer Requests"],
  ["/admin/inbox/meetings", "Meeting Requests"],
  ["/admin/inbox/signups", "Event Signups"],
];

describe("getBreadcrumbs: the spec's table", () => {
  test("/ is Home alone, and the trail is hidden", () => {
    expect(texts("/")).toEqual(["Home"]);
    expect(shouldShowBreadcrumbs(getBreadcrumbs("/"))).toBe(false);
  });

  test.each(specTable)("%s → %j", (path, trail) => {
    const crumbs = getBreadcrumbs(path);
    expect(crumbs.map((c) => label(c))).toEqual(trail);
    expect(shouldShowBreadcrumbs(crumbs)).toBe(true);
  });

  test.each(adminSections)("%s → Home > Admin > %s", (path, section) => {
    const crumbs = getBreadcrumbs(path);
    expect(crumbs.map((c) => label(c))).toEqual(["Home", "Admin", section]);
    expect(crumbs[1]!.href).toBe("/admin");
    expect(shouldShowBreadcrumbs(crumbs)).toBe(true);
  });

  test("the hyphenated section names of the table resolve too", () => {
    expect(texts("/admin/inbox-prayer")).toEqual(["Home", "Admin", "Prayer Requests"]);
  });
});

describe("getBreadcrumbs: links", () => {
  test.each([...specTable.map(([p]) => p), ...adminSections.map(([p]) => p)])(
    "%s: Home links to /, the current page is not a link",
    (path) => {
      const crumbs = getBreadcrumbs(path);
      expect(crumbs[0]).toEqual({ labelKey: "breadcrumbs.home", href: "/" });
      expect(crumbs.at(-1)!.href).toBeUndefined();
    },
  );

  test("Resources has no page of its own: it is text, not a link", () => {
    for (const path of ["/sermons", "/prayer", "/gallery", "/store"]) {
      const resources = getBreadcrumbs(path)[1]!;
      expect(label(resources)).toBe("Resources");
      expect(resources.href).toBeUndefined();
    }
  });

  test("every link in every trail points to a path that has a trail of its own or is home", () => {
    const paths = [...specTable.map(([p]) => p), ...adminSections.map(([p]) => p), "/past-bible-studies", "/prayer-generator"];
    for (const path of paths) {
      for (const crumb of getBreadcrumbs(path).slice(1)) {
        if (crumb.href) expect(shouldShowBreadcrumbs(getBreadcrumbs(crumb.href)), `${path} → ${crumb.href}`).toBe(true);
      }
    }
  });
});

describe("getBreadcrumbs: pages the table does not list", () => {
  test.each([
    "/unknown",
    "/admin-test",
    "/admin/unknown",
    "/admin/inbox",
    "/admin/inbox/other",
    "/events/extra",
    "/sermonsx",
    "/auth/callback",
  ])("%s → Home only → hidden", (path) => {
    const crumbs = getBreadcrumbs(path);
    expect(crumbs.map((c) => label(c))).toEqual(["Home"]);
    expect(shouldShowBreadcrumbs(crumbs)).toBe(false);
  });

  test("the project's extensions for other public pages", () => {
    expect(texts("/past-bible-studies")).toEqual(["Home", "Bible Tools & Study", "Past Bible Studies"]);
    expect(getBreadcrumbs("/past-bible-studies")[1]!.href).toBe("/study");
    expect(texts("/prayer-generator")).toEqual(["Home", "Resources", "Prayer", "Prayer Generator"]);
    expect(texts("/kingdom-builders-class")).toEqual(["Home", "Resources", "Kingdom Builders Class"]);
    expect(texts("/join-church")).toEqual(["Home", "Join the Church"]);
    expect(texts("/community/discussions/0b9c1a2e-5f4d-4c3b-9a8e-7d6c5b4a3f21")).toEqual(["Home", "Community", "Discussion"]);
    expect(texts("/community/groups/tuesday-women")).toEqual(["Home", "Community", "Study Group"]);
    expect(getBreadcrumbs("/community/groups/tuesday-women")[1]!.href).toBe("/community");
    expect(texts("/community/groups")).toEqual(["Home"]);
    expect(texts("/community/discussions/a/b")).toEqual(["Home"]);
  });

  test("a trailing slash does not change the trail", () => {
    expect(texts("/events/")).toEqual(["Home", "Events"]);
    expect(texts("/admin/users/")).toEqual(["Home", "Admin", "User Management"]);
  });
});

describe("shouldShowBreadcrumbs", () => {
  test("only with more than one entry", () => {
    expect(shouldShowBreadcrumbs([])).toBe(false);
    expect(shouldShowBreadcrumbs([{ labelKey: "breadcrumbs.home", href: "/" }])).toBe(false);
    expect(shouldShowBreadcrumbs([{ labelKey: "breadcrumbs.home", href: "/" }, { labelKey: "breadcrumbs.events" }])).toBe(true);
  });
});

describe("every label exists in both languages", () => {
  const allPaths = [
    ...specTable.map(([p]) => p),
    ...adminSections.map(([p]) => p),
    "/past-bible-studies",
    "/prayer-generator",
    "/kingdom-builders-class",
    "/join-church",
    "/auth",
    "/settings",
    "/community/groups/x",
    "/community/discussions/x",
  ];
  test.each(allPaths)("%s", (path) => {
    for (const crumb of getBreadcrumbs(path)) {
      // label() throws when a key is missing.
      expect(label(crumb, en as unknown as Record<string, unknown>).length).toBeGreaterThan(0);
      expect(label(crumb, es as unknown as Record<string, unknown>).length).toBeGreaterThan(0);
    }
    expect(label(getBreadcrumbs(path)[0]!, es as unknown as Record<string, unknown>)).toBe("Inicio");
  });
});
