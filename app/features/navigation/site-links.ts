import type { Translation } from "~/i18n/locales/en";

export interface SiteLink {
  to: string;
  labelKey: `nav.${keyof Translation["nav"]}`;
}

/** Header main links, in the spec's order. */
export const mainLinks: SiteLink[] = [
  { to: "/", labelKey: "nav.home" },
  { to: "/watch", labelKey: "nav.watchLive" },
  { to: "/study", labelKey: "nav.bibleTools" },
  { to: "/events", labelKey: "nav.events" },
  { to: "/community", labelKey: "nav.community" },
  { to: "/give", labelKey: "nav.give" },
];

/** The Resources dropdown, in the spec's order. */
export const resourceLinks: SiteLink[] = [
  { to: "/sermons", labelKey: "nav.sermons" },
  { to: "/prayer", labelKey: "nav.prayer" },
  { to: "/store", labelKey: "nav.store" },
  { to: "/kingdom-builders-class", labelKey: "nav.kingdomBuildersClass" },
  { to: "/plan-visit", labelKey: "nav.planVisit" },
  { to: "/about", labelKey: "nav.about" },
];

/** Every public page path, for the sitemap and the accessibility sweep. */
export const publicPaths = [
  "/",
  "/plan-visit",
  "/join-church",
  "/kingdom-builders-class",
  "/about",
  "/privacy",
  "/study",
  "/past-bible-studies",
  "/sermons",
  "/events",
  "/prayer",
  "/prayer-generator",
  "/give",
  "/community",
  "/watch",
  "/store",
  "/auth",
  "/auth/callback",
  "/settings",
] as const;
