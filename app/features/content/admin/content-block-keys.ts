/**
 * The texts the site's fixed pages read, by content block key. The content section offers each
 * one: a saved block to edit, or an empty form that creates it (an empty install has none, and
 * each page shows its own plain heading until one is written).
 */
export const CONTENT_BLOCK_KEYS = [
  "home.hero",
  "home.new_here",
  "home.welcome",
  "home.flyer",
  "home.live",
  "about.story",
  "about.vision",
  "about.mission",
  "about.values",
  "page.plan-visit",
  "page.join-church",
  "page.kingdom-builders-class",
  "page.events",
  "page.study",
  "page.past-bible-studies",
  "page.prayer",
  "page.prayer-generator",
  "page.give",
  "page.community",
  "page.store",
  "page.auth",
] as const;

export function isContentBlockKey(key: string): boolean {
  return (CONTENT_BLOCK_KEYS as readonly string[]).includes(key);
}

/** The kinds of which staff add and remove rows (the other kinds have a fixed set). */
export const LIST_KINDS = ["leader", "value"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The posted id of the form that adds a row of a list kind. */
export const NEW_ITEM_ID = "new";
