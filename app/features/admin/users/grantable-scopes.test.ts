import { describe, expect, test } from "vitest";
import { ADMIN_SCOPES } from "~/platform/admin/admin-sections";
import { changedScopes, grantableScopes } from "./grantable-scopes";

describe("grantableScopes", () => {
  test("a super admin may give every scope, admin:* and users included", () => {
    expect(grantableScopes(["admin:*"])).toEqual(["admin:*", ...ADMIN_SCOPES]);
  });

  test("anyone else only the scopes it holds, never users (issue 32)", () => {
    expect(grantableScopes(["users"])).toEqual([]);
    expect(grantableScopes(["users", "giving", "events"])).toEqual(["events", "giving"]);
    expect(grantableScopes(["users", "moderation", "not-a-scope"])).toEqual(["moderation"]);
  });
});

describe("changedScopes", () => {
  const admin = (scopes: string[], moderator = false) => ({ roles: moderator ? ["admin", "moderator"] : ["admin"], scopes });

  test("added and removed record scopes, sorted; unchanged ones don't count", () => {
    expect(changedScopes(admin(["content", "events"]), admin(["content", "giving"]))).toEqual(["events", "giving"]);
    expect(changedScopes(admin(["content"]), admin(["content"]))).toEqual([]);
  });

  test("taking the administrator role away takes every scope of the record; giving it gives none", () => {
    expect(changedScopes(admin(["giving", "users"]), { roles: [], scopes: null })).toEqual(["giving", "users"]);
    expect(changedScopes({ roles: [], scopes: null }, admin([]))).toEqual([]);
  });

  test("the moderator role counts as the moderation scope", () => {
    expect(changedScopes(admin(["content"]), admin(["content"], true))).toEqual(["moderation"]);
    expect(changedScopes({ roles: ["moderator"], scopes: null }, { roles: [], scopes: null })).toEqual(["moderation"]);
  });
});
