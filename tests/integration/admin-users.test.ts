import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminSessions, adminUsers, auditLog, profiles, sessions, twoFactors, userRoles, users } from "~/db/schema";
import { ADMIN_SCOPES } from "~/platform/admin/admin-sections";
import { adminTranslator, type AdminMessageKey } from "~/platform/admin/admin-translation";
import { scopeField } from "~/features/admin/users/handle-user-action.server";
import { loader as giftsExportLoader } from "~/routes/admin/gifts-export";
import { loader as givingLoader } from "~/routes/admin/giving";
import { loader as prayerInboxLoader } from "~/routes/admin/inbox-prayer";
import { loader as membersLoader } from "~/routes/admin/members";
import { loader as settingsLoader } from "~/routes/admin/settings";
import AdminUsers, { action, loader } from "~/routes/admin/users";
import enStrings from "~/i18n/locales/en";
import en from "~/i18n/locales/en/admin";
import { I18nProvider } from "~/i18n/react";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const PASSWORD = "a-long-admin-passphrase";
let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

type ListBody = {
  list: {
    items: {
      id: string;
      name: string;
      email: string | null;
      phone: string | null;
      roles: string[];
      scopes: string[] | null;
      disabled: boolean;
    }[];
    total: number;
    page: number;
    pages: number;
  };
  detail: { id: string; memberSessions: number; adminSessions: number } | null;
};
type ActionBody = { ok: boolean; error?: { key: string; values?: Record<string, string> }; notice?: { key: string } };

/** The users page as the server renders it, from its loader's data. */
function renderUsersPage(loaderData: unknown): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/users",
      Component: () => createElement(AdminUsers as never, { loaderData, actionData: undefined, params: {}, matches: [] }),
    },
  ]);
  return renderToString(
    createElement(I18nProvider, {
      language: "en",
      strings: enStrings,
      children: createElement(Stub, { initialEntries: ["/admin/users"] }),
    }),
  );
}

describeOnBackend("admin users section", (backend) => {
  let h: AdminHarness;
  let root: TestAdmin;
  const db = () => h.database.handle.db;
  const post = (admin: TestAdmin, form: Record<string, string>) => h.call(action, { path: "/admin/users", cookie: admin.cookie, form });
  const audits = (userId: string, actionName: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, actionName)));
  const liveAdminSessions = (userId: string) =>
    db()
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.userId, userId), isNull(adminSessions.revokedAt)));
  const memberSignIn = (email: string) => h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: nextIp() });

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    root = await h.createAdmin({ name: "Root Admin", email: "root-admin@example.test" });
  });
  afterAll(async () => {
    await h?.close();
  });

  test("lists accounts, hides phone placeholder addresses, searches with escaped wildcards and pages", async () => {
    const editor = await h.createAdmin({ scopes: ["content"], name: "Esther Editor", email: "esther.editor@example.test" });
    await db().insert(users).values({
      id: "phone-user-1",
      name: "Pablo Phone",
      email: "15557654321@phone.invalid",
      emailVerified: false,
      phoneNumber: "+15557654321",
    });
    await db().insert(profiles).values({ id: "phone-user-1", fullName: "Pablo Phone", phone: "+15557654321" });

    const all = await h.call(loader, { path: "/admin/users", cookie: root.cookie });
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("no-store");
    const body = all.body as ListBody;
    const phone = body.list.items.find((u) => u.id === "phone-user-1");
    expect(phone).toMatchObject({ email: null, phone: "+15557654321", roles: [], scopes: null });
    expect(body.list.items.find((u) => u.id === editor.userId)).toMatchObject({
      email: "esther.editor@example.test",
      roles: ["admin"],
      scopes: ["content"],
    });

    const byName = (await h.call(loader, { path: "/admin/users?q=esther", cookie: root.cookie })).body as ListBody;
    expect(byName.list.items.map((u) => u.id)).toEqual([editor.userId]);
    const byPhone = (await h.call(loader, { path: "/admin/users?q=765432", cookie: root.cookie })).body as ListBody;
    expect(byPhone.list.items.map((u) => u.id)).toEqual(["phone-user-1"]);
    const placeholder = (await h.call(loader, { path: "/admin/users?q=phone.invalid", cookie: root.cookie })).body as ListBody;
    expect(placeholder.list.total).toBe(0);
    for (const wildcard of ["%", "_", "\\"]) {
      const escaped = (await h.call(loader, { path: `/admin/users?q=${encodeURIComponent(wildcard)}`, cookie: root.cookie }))
        .body as ListBody;
      expect(escaped.list.total).toBe(0);
    }

    // 30 more accounts: two pages.
    await db()
      .insert(users)
      .values(Array.from({ length: 30 }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk Member ${i}`, email: `bulk-${i}@example.test` })));
    const first = (await h.call(loader, { path: "/admin/users?q=bulk", cookie: root.cookie })).body as ListBody;
    expect(first.list).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.list.items).toHaveLength(25);
    const second = (await h.call(loader, { path: "/admin/users?q=bulk&page=2", cookie: root.cookie })).body as ListBody;
    expect(second.list.items).toHaveLength(5);
    expect(new Set([...first.list.items, ...second.list.items].map((u) => u.id)).size).toBe(30);

    const detail = (await h.call(loader, { path: `/admin/users?user=${editor.userId}`, cookie: root.cookie })).body as ListBody;
    expect(detail.detail).toMatchObject({ id: editor.userId, adminSessions: 1 });
  });

  test("an admin without the users scope is refused with 403, even posting the action directly", async () => {
    const outsider = await h.createAdmin({ scopes: ["content", "members"] });
    const target = await h.createAdmin({ scopes: ["content"] });
    expect((await h.call(loader, { path: "/admin/users", cookie: outsider.cookie })).status).toBe(403);
    const moderator = await h.createModerator();
    expect((await h.call(loader, { path: "/admin/users", cookie: moderator.cookie })).status).toBe(403);
    const attempts: Record<string, string>[] = [
      { intent: "disable", userId: target.userId },
      { intent: "set-scopes", userId: outsider.userId, "scope-admin:*": "on" },
      { intent: "set-roles", userId: target.userId },
    ];
    for (const form of attempts) {
      expect((await post(outsider, form)).status).toBe(403);
    }
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, target.userId));
    expect(profile?.disabledAt).toBeNull();
    const [record] = await db().select().from(adminUsers).where(eq(adminUsers.userId, outsider.userId));
    expect(record?.scopes).toEqual(["content", "members"]);
    const anonymous = await h.call(action, { path: "/admin/users", form: { intent: "disable", userId: target.userId } });
    expect(anonymous.status).toBe(303);
  });

  test("bad input answers 400 with a translated message, never a 500", async () => {
    for (const form of [
      {},
      { intent: "explode", userId: root.userId },
      { intent: "disable" },
      { intent: "disable", userId: "x".repeat(500) },
    ]) {
      const answer = await post(root, form as Record<string, string>);
      expect(answer.status).toBe(400);
      expect((answer.body as ActionBody).error?.key).toBe("users.errors.invalid");
    }
    const missing = await post(root, { intent: "sign-out", userId: "no-such-user" });
    expect(missing.status).toBe(404);
  });

  test("set-roles adds moderator, removes admin (record deleted, admin sessions revoked) and gives it back", async () => {
    const target = await h.createAdmin({ scopes: ["content"] });
    const withModerator = await post(root, { intent: "set-roles", userId: target.userId, "role-admin": "on", "role-moderator": "on" });
    expect(withModerator.status).toBe(200);
    expect(
      (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, target.userId))).map((r) => r.role).sort(),
    ).toEqual(["admin", "moderator"]);

    expect((await liveAdminSessions(target.userId)).length).toBe(1);
    const demoted = await post(root, { intent: "set-roles", userId: target.userId });
    expect(demoted.status).toBe(200);
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, target.userId))).toEqual([]);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.userId, target.userId))).toEqual([]);
    expect(await liveAdminSessions(target.userId)).toEqual([]);
    expect((await h.call(loader, { path: "/admin/users", cookie: target.cookie })).status).toBe(302);

    const promoted = await post(root, { intent: "set-roles", userId: target.userId, "role-admin": "on" });
    expect(promoted.status).toBe(200);
    const [record] = await db().select().from(adminUsers).where(eq(adminUsers.userId, target.userId));
    expect(record?.scopes).toEqual([]);

    const entries = await audits(target.userId, "user.roles.update");
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => [e.before, e.after])).toContainEqual([
      { roles: ["admin", "moderator"], scopes: ["content"] },
      { roles: [], scopes: null, revokedAdminSessions: 1 },
    ]);
    expect(entries[0]?.actorUserId).toBe(root.userId);
  });

  test("set-scopes: saved and audited; only a super admin grants admin:* or edits a super admin", async () => {
    // A users administrator gives only scopes it holds itself (issue 32): here events.
    const manager = await h.createAdmin({ scopes: ["users", "events"] });
    const target = await h.createAdmin({ scopes: ["content"] });
    const saved = await post(manager, {
      intent: "set-scopes",
      userId: target.userId,
      "scope-events": "on",
      "scope-content": "on",
      "scope-bogus": "on",
    });
    expect(saved.status).toBe(200);
    const [record] = await db().select().from(adminUsers).where(eq(adminUsers.userId, target.userId));
    expect(record?.scopes).toEqual(["events", "content"]);
    const [entry] = await audits(target.userId, "user.scopes.update");
    expect(entry).toMatchObject({ actorUserId: manager.userId, before: { scopes: ["content"] }, after: { scopes: ["content", "events"] } });

    const grantSuper = await post(manager, { intent: "set-scopes", userId: target.userId, "scope-admin:*": "on" });
    expect(grantSuper.status).toBe(403);
    expect((grantSuper.body as ActionBody).error?.key).toBe("users.errors.superAdminOnly");
    const attempts: Record<string, string>[] = [
      { intent: "disable", userId: root.userId },
      { intent: "set-scopes", userId: root.userId, "scope-admin:*": "on", "scope-users": "on" },
      { intent: "reset-two-factor", userId: root.userId },
    ];
    for (const form of attempts) {
      expect((await post(manager, form)).status).toBe(403);
    }

    const bySuper = await post(root, { intent: "set-scopes", userId: target.userId, "scope-admin:*": "on" });
    expect(bySuper.status).toBe(200);
    const [after] = await db().select().from(adminUsers).where(eq(adminUsers.userId, target.userId));
    expect(after?.scopes).toEqual(["admin:*"]);
    await post(root, { intent: "set-scopes", userId: target.userId, "scope-content": "on" });

    const member = await post(root, { intent: "set-scopes", userId: "bulk-1", "scope-content": "on" });
    expect(member.status).toBe(400);
    expect((member.body as ActionBody).error?.key).toBe("users.errors.notAdmin");
  });

  test("issue 32: a users administrator can't disable, sign out or reset the two-factor of an administrator with more access", async () => {
    const manager = await h.createAdmin({ scopes: ["users", "content"] });
    const senior = await h.createAdmin({ scopes: ["content", "giving", "settings"] });
    const peer = await h.createAdmin({ scopes: ["content"] });
    for (const intent of ["disable", "sign-out", "reset-two-factor"]) {
      const answer = await post(manager, { intent, userId: senior.userId });
      expect(answer.status, intent).toBe(403);
      const error = (answer.body as ActionBody).error!;
      expect(error.key).toBe("users.errors.targetOutranks");
      expect(error.values).toEqual({ scopes: "giving, settings" });
      for (const language of ["en", "es"] as const)
        expect(adminTranslator(language)(error.key as AdminMessageKey, error.values)).toContain("giving, settings");
    }
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, senior.userId));
    expect(profile?.disabledAt ?? null).toBeNull();
    // The senior administrator is still signed in to the portal.
    expect((await h.call(givingLoader, { path: "/admin/giving", cookie: senior.cookie })).status).toBe(200);
    // Within the manager's own access, it may.
    expect((await post(manager, { intent: "sign-out", userId: peer.userId })).status).toBe(200);
    expect((await post(manager, { intent: "disable", userId: peer.userId })).status).toBe(200);
    expect((await post(manager, { intent: "enable", userId: peer.userId })).status).toBe(200);
    // A super admin may act on anyone.
    expect((await post(root, { intent: "sign-out", userId: senior.userId })).status).toBe(200);
  });

  test("issue 32: a users administrator can't give itself every scope, nor give or take scopes it doesn't hold, nor users", async () => {
    const manager = await h.createAdmin({ scopes: ["users"] });
    const recordOf = async (userId: string) => (await db().select().from(adminUsers).where(eq(adminUsers.userId, userId)))[0]?.scopes;
    const rolesOf = async (userId: string) =>
      (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();
    const refusedWith = (answer: { status: number; body: unknown }, key: AdminMessageKey) => {
      expect(answer.status).toBe(403);
      const error = (answer.body as ActionBody).error!;
      expect(error.key).toBe(key);
      // A whole sentence in both languages, the values filled in.
      for (const language of ["en", "es"] as const) {
        const text = adminTranslator(language)(key, error.values);
        expect(text).not.toBe(key);
        expect(text).not.toMatch(/\{\{/);
      }
      return error;
    };

    // The attack: every box ticked on its own account, then the sections those scopes open.
    const everyScope = Object.fromEntries(ADMIN_SCOPES.map((scope) => [scopeField(scope), "on"]));
    refusedWith(await post(manager, { intent: "set-scopes", userId: manager.userId, ...everyScope }), "users.errors.ownAccess");
    refusedWith(
      await post(manager, { intent: "set-scopes", userId: manager.userId, "scope-users": "on", "scope-giving": "on" }),
      "users.errors.ownAccess",
    );
    refusedWith(
      await post(manager, { intent: "set-roles", userId: manager.userId, "role-admin": "on", "role-moderator": "on" }),
      "users.errors.ownAccess",
    );
    expect(await recordOf(manager.userId)).toEqual(["users"]);
    expect(await rolesOf(manager.userId)).toEqual(["admin"]);
    for (const [fn, path] of [
      [givingLoader, "/admin/giving"],
      [membersLoader, "/admin/members"],
      [settingsLoader, "/admin/settings"],
      [prayerInboxLoader, "/admin/inbox/prayer"],
      [giftsExportLoader, "/admin/giving/gifts.csv"],
    ] as const) {
      expect((await h.call(fn, { path, cookie: manager.cookie })).status, path).toBe(403);
    }

    // Nor through an accomplice's account: giving it scopes the manager doesn't hold, or users.
    const accomplice = await h.createAdmin({ scopes: ["content"] });
    const notHeld = refusedWith(
      await post(manager, {
        intent: "set-scopes",
        userId: accomplice.userId,
        "scope-content": "on",
        "scope-giving": "on",
        "scope-settings": "on",
      }),
      "users.errors.scopeNotHeld",
    );
    expect(notHeld.values).toEqual({ scopes: "giving, settings" });
    refusedWith(
      await post(manager, { intent: "set-scopes", userId: accomplice.userId, "scope-content": "on", "scope-users": "on" }),
      "users.errors.usersScopeSuperAdminOnly",
    );
    // The moderator role opens the moderation queues: a scope too.
    refusedWith(
      await post(manager, { intent: "set-roles", userId: accomplice.userId, "role-admin": "on", "role-moderator": "on" }),
      "users.errors.scopeNotHeld",
    );

    // Taking away is limited like giving: no stripping a scope it doesn't hold, nor users, nor a whole record.
    refusedWith(await post(manager, { intent: "set-scopes", userId: accomplice.userId }), "users.errors.scopeNotHeld");
    refusedWith(await post(manager, { intent: "set-roles", userId: accomplice.userId }), "users.errors.scopeNotHeld");
    const peer = await h.createAdmin({ scopes: ["users"] });
    refusedWith(await post(manager, { intent: "set-scopes", userId: peer.userId }), "users.errors.usersScopeSuperAdminOnly");
    refusedWith(await post(manager, { intent: "set-scopes", userId: root.userId, "scope-users": "on" }), "users.errors.superAdminOnly");
    expect(await recordOf(accomplice.userId)).toEqual(["content"]);
    expect(await rolesOf(accomplice.userId)).toEqual(["admin"]);
    expect(await recordOf(peer.userId)).toEqual(["users"]);
    // Refusals change nothing, so they leave no audit entry (as every other refusal).
    for (const who of [manager, accomplice, peer]) {
      expect(await audits(who.userId, "user.scopes.update")).toEqual([]);
      expect(await audits(who.userId, "user.roles.update")).toEqual([]);
    }

    // Within its own scopes it may: an events administrator gives and takes events, leaving
    // the scopes it doesn't hold as they are (the page posts them unchanged).
    const coordinator = await h.createAdmin({ scopes: ["users", "events", "moderation"] });
    const given = await post(coordinator, { intent: "set-scopes", userId: accomplice.userId, "scope-content": "on", "scope-events": "on" });
    expect(given.status).toBe(200);
    expect(await recordOf(accomplice.userId)).toEqual(["events", "content"]);
    // The page greys out what the viewer can't change, says why, and posts those boxes unchanged.
    const page = (await h.call(loader, { path: `/admin/users?user=${accomplice.userId}`, cookie: coordinator.cookie })).body as {
      viewer: { grantable: string[] };
    };
    expect(page.viewer.grantable).toEqual(["events", "moderation"]);
    const html = renderUsersPage(page);
    const box = (name: string) => {
      const tag = html.match(new RegExp(`<input type="checkbox"[^>]*name="${name.replace(/[*]/g, "\\*")}"[^>]*>`))?.[0];
      expect(tag, name).toBeTruthy();
      return {
        disabled: tag!.includes('disabled=""'),
        checked: tag!.includes('checked=""'),
        describedBy: tag!.match(/aria-describedby="([^"]+)"/)?.[1],
      };
    };
    const kept = (name: string) => html.includes(`<input type="hidden" name="${name}" value="on"/>`);
    expect(box("scope-events")).toEqual({ disabled: false, checked: true, describedBy: undefined });
    expect(box("scope-content")).toEqual({ disabled: true, checked: true, describedBy: "scope-locked" });
    expect(kept("scope-content")).toBe(true);
    expect(box("scope-giving")).toEqual({ disabled: true, checked: false, describedBy: "scope-locked" });
    expect(kept("scope-giving")).toBe(false);
    expect(box("scope-users").disabled).toBe(true);
    expect(box("scope-admin:*").disabled).toBe(true);
    expect(box("role-moderator")).toEqual({ disabled: false, checked: false, describedBy: undefined });
    expect(box("role-admin")).toEqual({ disabled: true, checked: true, describedBy: "user-roles-locked" });
    expect(kept("role-admin")).toBe(true);
    expect(html).toContain(`id="scope-locked"`);
    const asHtml = (text: string) => text.replaceAll("'", "&#x27;");
    expect(html).toContain(asHtml(en.users.scopes.notGrantable));
    // On its own account every box is off limits.
    const own = renderUsersPage((await h.call(loader, { path: `/admin/users?user=${manager.userId}`, cookie: manager.cookie })).body);
    expect(own).toContain(asHtml(en.users.scopes.ownLocked));
    expect(own).toContain(asHtml(en.users.roles.ownLocked));
    expect(own.match(/<fieldset[^>]*disabled=""[^>]*>/g)).toHaveLength(2);
    expect(
      (await post(coordinator, { intent: "set-roles", userId: accomplice.userId, "role-admin": "on", "role-moderator": "on" })).status,
    ).toBe(200);
    expect((await post(coordinator, { intent: "set-scopes", userId: accomplice.userId, "scope-content": "on" })).status).toBe(200);
    expect(await recordOf(accomplice.userId)).toEqual(["content"]);
    const managerPage = (await h.call(loader, { path: "/admin/users", cookie: manager.cookie })).body as {
      viewer: { grantable: string[] };
    };
    expect(managerPage.viewer.grantable).toEqual([]);

    // A super admin gives users (and anything else) to others, but doesn't change its own scopes either.
    expect((await post(root, { intent: "set-scopes", userId: accomplice.userId, "scope-users": "on", "scope-giving": "on" })).status).toBe(
      200,
    );
    expect(await recordOf(accomplice.userId)).toEqual(["users", "giving"]);
    const second = await h.createAdmin({ name: "Another Super" });
    refusedWith(
      await post(root, { intent: "set-scopes", userId: root.userId, "scope-admin:*": "on", "scope-content": "on" }),
      "users.errors.ownAccess",
    );
    await post(root, { intent: "set-scopes", userId: second.userId, "scope-content": "on" });
  });

  test("disable ends every session and blocks sign-in; enable lets the person back in", async () => {
    const target = await h.createAdmin({ scopes: ["content"], email: "to-disable@example.test" });
    const signedIn = await memberSignIn(target.email);
    expect(signedIn.data.ok).toBe(true);
    expect((await db().select().from(sessions).where(eq(sessions.userId, target.userId))).length).toBeGreaterThan(0);

    const disabled = await post(root, { intent: "disable", userId: target.userId });
    expect(disabled.status).toBe(200);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, target.userId));
    expect(profile?.disabledAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.userId))).toEqual([]);
    expect(await liveAdminSessions(target.userId)).toEqual([]);
    const [entry] = await audits(target.userId, "user.disable");
    expect(entry).toMatchObject({ before: { disabled: false }, after: { disabled: true, revokedAdminSessions: 1 } });

    const refused = await memberSignIn(target.email);
    expect(refused.status).toBe(403);
    expect(refused.data.ok).toBe(false);
    if (!refused.data.ok) expect(refused.data.error.key).toBe("errors.accountDisabled");

    const enabled = await post(root, { intent: "enable", userId: target.userId });
    expect(enabled.status).toBe(200);
    const [back] = await db().select().from(profiles).where(eq(profiles.id, target.userId));
    expect(back?.disabledAt).toBeNull();
    expect(await audits(target.userId, "user.enable")).toHaveLength(1);
    expect((await memberSignIn(target.email)).data.ok).toBe(true);
  });

  test("sign-out deletes member sessions and revokes admin sessions", async () => {
    const target = await h.createAdmin({ scopes: ["content"] });
    expect((await memberSignIn(target.email)).data.ok).toBe(true);
    expect((await memberSignIn(target.email)).data.ok).toBe(true);
    const answer = await post(root, { intent: "sign-out", userId: target.userId });
    expect(answer.status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.userId))).toEqual([]);
    expect(await liveAdminSessions(target.userId)).toEqual([]);
    const [entry] = await audits(target.userId, "user.sign-out");
    expect(entry).toMatchObject({ before: { memberSessions: 2, adminSessions: 1 }, after: { memberSessions: 0, adminSessions: 0 } });
  });

  test("reset-two-factor deletes the secret, turns two-factor off and ends sessions", async () => {
    const target = await h.createAdmin({ scopes: ["content"] });
    await db()
      .insert(twoFactors)
      .values({ id: `tf-${target.userId}`, userId: target.userId, secret: "encrypted-secret", backupCodes: "codes" });
    await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, target.userId));
    const answer = await post(root, { intent: "reset-two-factor", userId: target.userId });
    expect(answer.status).toBe(200);
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, target.userId))).toEqual([]);
    const [user] = await db().select().from(users).where(eq(users.id, target.userId));
    expect(user?.twoFactorEnabled).toBe(false);
    expect(await liveAdminSessions(target.userId)).toEqual([]);
    const [entry] = await audits(target.userId, "user.two-factor.reset");
    expect(entry).toMatchObject({ before: { twoFactorEnabled: true, secret: true }, after: { twoFactorEnabled: false, secret: false } });
  });

  test("nobody disables themselves or removes their own admin role; the last super admin keeps admin:*", async () => {
    const self = await post(root, { intent: "disable", userId: root.userId });
    expect(self.status).toBe(400);
    expect((self.body as ActionBody).error?.key).toBe("users.errors.disableSelf");
    const ownRole = await post(root, { intent: "set-roles", userId: root.userId, "role-moderator": "on" });
    expect(ownRole.status).toBe(400);
    expect((ownRole.body as ActionBody).error?.key).toBe("users.errors.ownAdminRole");

    // Make root the only super admin; a disabled super admin doesn't count.
    const others = await db().select().from(adminUsers);
    for (const other of others) {
      if (other.userId !== root.userId && other.scopes.includes("admin:*")) {
        await db()
          .update(adminUsers)
          .set({ scopes: ["content"] })
          .where(eq(adminUsers.userId, other.userId));
      }
    }
    const dormant = await h.createAdmin();
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.id, dormant.userId));

    const demote = await post(root, { intent: "set-scopes", userId: root.userId, "scope-users": "on" });
    expect(demote.status).toBe(400);
    expect((demote.body as ActionBody).error?.key).toBe("users.errors.lastSuperAdmin");
    const [record] = await db().select().from(adminUsers).where(eq(adminUsers.userId, root.userId));
    expect(record?.scopes).toEqual(["admin:*"]);
    expect(await audits(root.userId, "user.scopes.update")).toEqual([]);
  });

  test("two parallel demotions of the last two super admins: at most one succeeds", async () => {
    const second = await h.createAdmin({ name: "Second Super" });
    const [a, b] = await Promise.all([
      post(root, { intent: "set-scopes", userId: second.userId, "scope-users": "on" }),
      post(second, { intent: "set-scopes", userId: root.userId, "scope-users": "on" }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.some((s) => s === 400 || s === 403)).toBe(true);
    const supers = (await db().select().from(adminUsers)).filter((r) => r.scopes.includes("admin:*"));
    const enabled = [];
    for (const s of supers) {
      const [p] = await db().select().from(profiles).where(eq(profiles.id, s.userId));
      if (!p?.disabledAt) enabled.push(s.userId);
    }
    expect(enabled).toHaveLength(1);
    // Same again with role removal and disabling: the one left can't lose it.
    const survivor = enabled[0] === root.userId ? root : second;
    const third = await h.createAdmin({ name: "Third Super" });
    const results = await Promise.all([
      post(survivor, { intent: "set-roles", userId: third.userId }),
      post(third, { intent: "disable", userId: survivor.userId }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const left = (await db().select().from(adminUsers)).filter((r) => r.scopes.includes("admin:*"));
    const active = [];
    for (const s of left) {
      const [p] = await db().select().from(profiles).where(eq(profiles.id, s.userId));
      const roles = await db()
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, s.userId), eq(userRoles.role, "admin")));
      if (!p?.disabledAt && roles.length > 0) active.push(s.userId);
    }
    expect(active).toHaveLength(1);
  });
});
