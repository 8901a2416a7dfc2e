/**
 * The admin portal's sections, their paths and the scope each needs (spec: "Admin routes",
 * section 6). Shared by the server checks and the navigation, so what the sidebar hides
 * and what the server refuses can't drift apart.
 */

/** Every scope an administrator can hold; `admin:*` (super admin) grants all of them. */
export const ADMIN_SCOPES = [
  "users",
  "members",
  "events",
  "registrations",
  "inbox:prayer",
  "inbox:meetings",
  "inbox:signups",
  "content",
  "groups",
  "live",
  "email",
  "giving",
  "store",
  "settings",
  "health",
  "moderation",
] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];
export const SUPER_ADMIN_SCOPE = "admin:*";
/** A scope a record may hold, or that a check may ask for. */
export type ScopeName = AdminScope | typeof SUPER_ADMIN_SCOPE;

export function isScopeName(value: string): value is ScopeName {
  return value === SUPER_ADMIN_SCOPE || (ADMIN_SCOPES as readonly string[]).includes(value);
}

/** Moderators (role `moderator`, no admin record) get the moderation queues only. */
export const MODERATOR_SCOPES: readonly ScopeName[] = ["moderation"];

/**
 * Spec section 6: 'admin:*' grants everything; otherwise a specific scope, or any of a list
 * of scopes, is needed. `null` means any signed-in administrator (dashboard, own session).
 */
export function can(scopes: readonly string[], needed: ScopeName | readonly ScopeName[] | null): boolean {
  if (scopes.includes(SUPER_ADMIN_SCOPE)) return true;
  if (needed === null) return true;
  const list: readonly ScopeName[] = typeof needed === "string" ? [needed] : needed;
  return list.some((scope) => scope !== SUPER_ADMIN_SCOPE && scopes.includes(scope));
}

export type AdminSectionId =
  | "dashboard"
  | "users"
  | "members"
  | "events"
  | "fish-fry-archive"
  | "event-registrations"
  | "inbox-prayer"
  | "inbox-meetings"
  | "inbox-signups"
  | "moderation"
  | "content"
  | "sermons"
  | "live"
  | "study"
  | "classes"
  | "groups"
  | "gallery"
  | "volunteers"
  | "email"
  | "giving"
  | "store"
  | "settings"
  | "health"
  | "audit"
  | "session-update";

export interface AdminSection {
  id: AdminSectionId;
  /** Path under /admin ("" = the dashboard). */
  path: string;
  /** The scope the section needs; null = any administrator; `admin:*` = super admins only. */
  scope: ScopeName | null;
  /** Shown in the sidebar (session-update lives in the account menu instead). */
  inNavigation: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: "dashboard", path: "", scope: null, inNavigation: true },
  { id: "users", path: "users", scope: "users", inNavigation: true },
  { id: "members", path: "members", scope: "members", inNavigation: true },
  { id: "events", path: "events", scope: "events", inNavigation: true },
  { id: "fish-fry-archive", path: "fish-fry-archive", scope: "events", inNavigation: true },
  { id: "event-registrations", path: "event-registrations", scope: "registrations", inNavigation: true },
  { id: "inbox-prayer", path: "inbox/prayer", scope: "inbox:prayer", inNavigation: true },
  { id: "inbox-meetings", path: "inbox/meetings", scope: "inbox:meetings", inNavigation: true },
  { id: "inbox-signups", path: "inbox/signups", scope: "inbox:signups", inNavigation: true },
  { id: "moderation", path: "moderation", scope: "moderation", inNavigation: true },
  { id: "content", path: "content", scope: "content", inNavigation: true },
  { id: "sermons", path: "sermons", scope: "content", inNavigation: true },
  { id: "study", path: "study", scope: "content", inNavigation: true },
  { id: "gallery", path: "gallery", scope: "content", inNavigation: true },
  { id: "live", path: "live", scope: "live", inNavigation: true },
  { id: "groups", path: "groups", scope: "groups", inNavigation: true },
  { id: "classes", path: "classes", scope: "inbox:signups", inNavigation: true },
  { id: "volunteers", path: "volunteers", scope: "inbox:signups", inNavigation: true },
  { id: "email", path: "email", scope: "email", inNavigation: true },
  { id: "giving", path: "giving", scope: "giving", inNavigation: true },
  { id: "store", path: "store", scope: "store", inNavigation: true },
  { id: "settings", path: "settings", scope: "settings", inNavigation: true },
  { id: "health", path: "health", scope: "health", inNavigation: true },
  { id: "audit", path: "audit", scope: SUPER_ADMIN_SCOPE, inNavigation: true },
  { id: "session-update", path: "session-update", scope: null, inNavigation: false },
];

export function adminSection(id: AdminSectionId): AdminSection {
  const section = ADMIN_SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`unknown admin section ${id}`);
  return section;
}

export function adminSectionHref(section: AdminSection): string {
  return section.path ? `/admin/${section.path}` : "/admin";
}

/** The sections a holder of `scopes` may open, in sidebar order. */
export function visibleSections(scopes: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => s.inNavigation && can(scopes, s.scope));
}
