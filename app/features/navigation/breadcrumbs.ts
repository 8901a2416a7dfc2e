import type { Translation } from "~/i18n/locales/en";

type CrumbKey = Exclude<keyof Translation["breadcrumbs"], "label" | "adminSections">;
type AdminSection = keyof Translation["breadcrumbs"]["adminSections"];

export interface Crumb {
  /** An i18n key under `breadcrumbs.` */
  labelKey: `breadcrumbs.${CrumbKey}` | `breadcrumbs.adminSections.${AdminSection}`;
  /** Absent for the current page and for entries without a page of their own. */
  href?: string;
}

const home: Crumb = { labelKey: "breadcrumbs.home", href: "/" };
// "Resources" has no page of its own; it is shown as text, not as a link to nowhere.
const resources: Crumb = { labelKey: "breadcrumbs.resources" };

/** The spec's table, plus the public pages it does not list (see docs/decisions). */
const trails: Record<string, Crumb[]> = {
  "/study": [{ labelKey: "breadcrumbs.bibleToolsStudy" }],
  "/past-bible-studies": [{ labelKey: "breadcrumbs.bibleToolsStudy", href: "/study" }, { labelKey: "breadcrumbs.pastBibleStudies" }],
  "/events": [{ labelKey: "breadcrumbs.events" }],
  "/sermons": [resources, { labelKey: "breadcrumbs.sermons" }],
  "/prayer": [resources, { labelKey: "breadcrumbs.prayer" }],
  "/prayer-generator": [resources, { labelKey: "breadcrumbs.prayer", href: "/prayer" }, { labelKey: "breadcrumbs.prayerGenerator" }],
  "/gallery": [resources, { labelKey: "breadcrumbs.gallery" }],
  "/store": [resources, { labelKey: "breadcrumbs.store" }],
  "/kingdom-builders-class": [resources, { labelKey: "breadcrumbs.kingdomBuildersClass" }],
  "/community": [{ labelKey: "breadcrumbs.community" }],
  "/give": [{ labelKey: "breadcrumbs.give" }],
  "/about": [{ labelKey: "breadcrumbs.about" }],
  "/privacy": [{ labelKey: "breadcrumbs.privacy" }],
  "/plan-visit": [{ labelKey: "breadcrumbs.planVisit" }],
  "/join-church": [{ labelKey: "breadcrumbs.joinChurch" }],
  "/watch": [{ labelKey: "breadcrumbs.watch" }],
  "/auth": [{ labelKey: "breadcrumbs.signIn" }],
  "/settings": [{ labelKey: "breadcrumbs.settings" }],
  "/admin": [{ labelKey: "breadcrumbs.adminDashboard" }],
};

const adminSections: readonly AdminSection[] = [
  "dashboard",
  "users",
  "members",
  "health",
  "settings",
  "inbox-prayer",
  "inbox-meetings",
  "inbox-signups",
  "events",
  "fish-fry-archive",
  "event-registrations",
  "content",
  "sermons",
  "live",
  "study",
  "classes",
  "volunteers",
  "gallery",
  "groups",
  "email",
  "giving",
  "store",
  "session-update",
  "moderation",
  "audit",
];

function isAdminSection(value: string): value is AdminSection {
  return (adminSections as readonly string[]).includes(value);
}

/** The whole trail for a path, Home first. Any path not in the table gives only Home. */
export function getBreadcrumbs(pathname: string): Crumb[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return [home];
  const known = trails[path];
  if (known) return [home, ...known];
  // A study group's or a discussion's own page, under Community.
  const community = /^\/community\/(groups|discussions)\/[^/]+$/.exec(path);
  if (community) {
    return [
      home,
      { labelKey: "breadcrumbs.community", href: "/community" },
      { labelKey: community[1] === "groups" ? "breadcrumbs.studyGroup" : "breadcrumbs.discussion" },
    ];
  }
  // The store's product, cart and order pages, under Store.
  const store = /^\/store\/(cart|orders\/[^/]+|[^/]+)$/.exec(path);
  if (store) {
    const label = store[1] === "cart" ? "breadcrumbs.cart" : store[1]!.startsWith("orders/") ? "breadcrumbs.order" : "breadcrumbs.product";
    return [home, resources, { labelKey: "breadcrumbs.store", href: "/store" }, { labelKey: label }];
  }
  const admin = /^\/admin\/(.+)$/.exec(path);
  if (admin) {
    // /admin/inbox/prayer → section "inbox-prayer"
    const section = admin[1]!.split("/").join("-");
    if (isAdminSection(section)) {
      return [home, { labelKey: "breadcrumbs.admin", href: "/admin" }, { labelKey: `breadcrumbs.adminSections.${section}` }];
    }
  }
  return [home];
}

/** A trail shows only on pages other than home, and only with more than one entry. */
export function shouldShowBreadcrumbs(trail: Crumb[]): boolean {
  return trail.length > 1;
}
