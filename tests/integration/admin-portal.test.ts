import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

describeOnBackend("admin portal guard", (backend) => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("a super admin opens every section; no session is sent to the login page", async () => {
    const admin = await h.createAdmin();
    expect((await h.call(dashboardLoader, { path: "/admin", cookie: admin.cookie })).status).toBe(200);
    expect((await h.call(usersLoader, { path: "/admin/users", cookie: admin.cookie })).status).toBe(200);
    const anonymous = await h.call(usersLoader, { path: "/admin/users" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
  });

  test("an admin without the scope is refused with 403", async () => {
    const admin = await h.createAdmin({ scopes: ["content"] });
    expect((await h.call(usersLoader, { path: "/admin/users", cookie: admin.cookie })).status).toBe(403);
    expect((await h.call(dashboardLoader, { path: "/admin", cookie: admin.cookie })).status).toBe(200);
  });
});

describe("harness", () => {
  test("loads", () => expect(startAdminHarness).toBeTypeOf("function"));
});
