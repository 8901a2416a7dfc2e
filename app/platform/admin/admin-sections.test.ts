import { describe, expect, test } from "vitest";
import { ADMIN_SECTIONS, can, isScopeName, visibleSections } from "./admin-sections";

describe("can", () => {
  test("admin:* grants everything, including super-admin-only checks", () => {
    expect(can(["admin:*"], "users")).toBe(true);
    expect(can(["admin:*"], "admin:*")).toBe(true);
    expect(can(["admin:*"], null)).toBe(true);
  });
  test("otherwise the specific scope, or any of a list", () => {
    expect(can(["content"], "content")).toBe(true);
    expect(can(["content"], "users")).toBe(false);
    expect(can(["email"], ["members", "email"])).toBe(true);
    expect(can(["email"], ["members", "users"])).toBe(false);
    expect(can([], null)).toBe(true);
  });
  test("a super-admin check is never met by listing 'admin:*' as one of many", () => {
    expect(can(["users"], "admin:*")).toBe(false);
    expect(can(["users"], ["admin:*"])).toBe(false);
  });
});

describe("sections", () => {
  test("the sidebar shows only what the scopes allow; the audit log only to super admins", () => {
    const ids = (scopes: string[]) => visibleSections(scopes).map((s) => s.id);
    // Sermons, the study hub and the gallery are content too.
    expect(ids(["content"])).toEqual(["dashboard", "content", "sermons", "study", "gallery"]);
    expect(ids(["live"])).toEqual(["dashboard", "live"]);
    expect(ids(["inbox:signups"])).toEqual(["dashboard", "inbox-signups", "classes", "volunteers"]);
    expect(ids(["moderation"])).toEqual(["dashboard", "moderation"]);
    expect(ids(["giving"])).toEqual(["dashboard", "giving"]);
    expect(ids(["store"])).toEqual(["dashboard", "store"]);
    expect(ids(["admin:*"])).toContain("audit");
    expect(ids(["admin:*"])).not.toContain("session-update");
    expect(ids(["users", "members", "health"])).not.toContain("audit");
  });
  test("every section's scope is a known scope; every spec child route is a section", () => {
    for (const section of ADMIN_SECTIONS) if (section.scope) expect(isScopeName(section.scope)).toBe(true);
    const paths = ADMIN_SECTIONS.map((s) => s.path);
    for (const path of [
      "",
      "users",
      "members",
      "events",
      "fish-fry-archive",
      "event-registrations",
      "inbox/prayer",
      "inbox/meetings",
      "inbox/signups",
      "content",
      "groups",
      "email",
      "giving",
      "store",
      "settings",
      "health",
      "session-update",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
