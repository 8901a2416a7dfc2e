// Issue "reliability", point 6: auth hardening. One test (or a few) per item of the review:
// session fixation, logout everywhere, admin session revocation, TOTP replay, magic-link
// reuse, account enumeration timing, open redirects, password changes and the reset flow
// ("Forgot your password?"), CSRF on every state change, and a CSP without
// 'unsafe-inline' scripts; then the outside tester's findings of issue 32 (section 11: the
// calendar link's revocation, two-factor on every sign-in, login CSRF by magic link, lock-out
// by strangers). The first suite calls the real route modules in this process on a
// real database; the second drives the production server (`node server.js`) over HTTP, where
// the Express layer (CSRF check, CSP header, page cache) runs too.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts, profiles, sessions, users, verifications } from "~/db/schema";
import { roleField } from "~/features/admin/users/handle-user-action.server";
import { ADMIN_COOKIE, createAdminSession, readAdminToken, validateAdminSession } from "~/platform/admin/admin-session.server";
import { createAdministrator } from "~/features/admin/create-administrator.server";
import { resolveAdminSession } from "~/platform/admin/resolve-admin-session.server";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { authEmailStrings } from "~/features/auth/auth-email-strings";
import { limits } from "~/features/auth/auth-request.server";
import { authTranslator } from "~/features/auth/auth-translation";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { createCalendarFeedToken } from "~/features/events/calendar-feed-token.server";
import enAuth from "~/i18n/locales/en/auth";
import esAuth from "~/i18n/locales/es/auth";
import routeConfig from "~/routes";
import { loader as adminCallbackLoader } from "~/routes/admin/auth-callback";
import { loader as contentLoader } from "~/routes/admin/content";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as sessionAction } from "~/routes/admin/session-update";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as callbackAction, loader as callbackLoader } from "~/routes/auth/callback";
import { loader as memberFeedLoader } from "~/routes/events/member-feed";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as settingsAction, loader as settingsLoader } from "~/routes/member/settings";
import { getAuth } from "~/server/auth.server";
import { getEnv } from "~/server/env.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { callbackLink, cookieJar, decodeMail, PUBLIC_URL } from "../support/auth-harness";
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  postStripeEvent,
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { repoRoot, snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { resetPasswordLink, waitForEmlTo } from "../support/mail-links";
import { createThrowawayDatabase, describeOnBackend, type ThrowawayDatabase } from "../support/test-database";
import { secretFromOtpauth, unusedTotp } from "../support/totp";

const PASSWORD = "grace-and-peace-7";
const ADMIN_PASSWORD = "a-long-admin-passphrase";
const en = authTranslator("en");
const es = authTranslator("es");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFunction = (args: any) => unknown;

/** Where a redirect may point: a path on this site, never another origin or scheme. */
function isLocalLocation(location: string | null, site = PUBLIC_URL): boolean {
  if (location === null) return true;
  if (!location.startsWith("/") || /^[/\\]{2}|^\/\\/.test(location) || /[\u0000-\u001f\u007f\\]/.test(location)) return false;
  return new URL(location, site).origin === new URL(site).origin;
}

/** Values an attacker puts in `redirectTo`, `next`, `callbackURL` and the like. */
const HOSTILE_TARGETS = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  " //evil.example",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "%5C%5Cevil.example",
  "https:evil.example",
  "/admin@evil.example",
  "/admin//evil.example",
  "/admin/\\evil.example",
  "/admin/../..//evil.example",
  "/admin\r\nSet-Cookie: x=1",
  "/admin%0d%0aSet-Cookie:%20x=1",
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describeOnBackend("auth hardening", (backend) => {
  let h: AdminHarness;
  let db: AdminHarness["database"]["handle"]["db"];
  let counter = 0;
  /** A fresh client address per call: one test's rate limits never touch another's. */
  const ip = () => {
    counter += 1;
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  };
  const tag = () => `${++counter}-${backend.name}-${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function memberFor(cookie: string) {
    return (await getCurrentMember({ db, request: new Request(`${PUBLIC_URL}/`, { headers: { cookie } }) }))?.member ?? null;
  }

  /** A confirmed member (signed up through /auth, then confirmed). */
  async function createMember(): Promise<{ email: string; id: string }> {
    const email = `hardening-${tag()}@example.test`;
    const signup = await h.post(
      { intent: "signup-email", fullName: "Ruth Hardening", email, password: PASSWORD, confirmPassword: PASSWORD, username: "", phone: "" },
      { ip: ip() },
    );
    expect(signup.data.ok).toBe(true);
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { email, id: row!.id };
  }

  async function signIn(email: string, cookie?: string) {
    const answer = await h.post({ intent: "signin-email", email, password: PASSWORD }, { cookie, ip: ip() });
    expect(answer.status).toBe(200);
    return answer;
  }

  /**
   * The magic link mailed to a member who also got the sign-up confirmation: the outbox sends
   * the two in either order, so the link is picked by its type.
   */
  async function magicLinkFor(email: string): Promise<URL> {
    await h.waitForMail(email, 2);
    const links = h.mails.filter((m) => m.to.includes(email)).map((m) => callbackLink(decodeMail(m.raw)));
    const link = links.find((l) => l.searchParams.get("type") === "magiclink");
    if (!link) throw new Error(`no magic link among ${links.length} mails to ${email}`);
    return link;
  }

  const sessionToken = (setCookies: string[]) =>
    setCookies
      .find((c) => /^(?:__Secure-)?church\.session_token=/.test(c))
      ?.split(";")[0]!
      .split("=")[1] ?? null;

  /** A browser at /admin/login: keeps its cookies between calls. */
  function browser(address = ip()) {
    let cookie = "";
    return {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = value;
      },
      async call(fn: RouteFunction, pathname: string, form?: Record<string, string>) {
        const result = await h.call(fn as never, { path: pathname, cookie, form, ip: address });
        cookie = cookieJar(cookie, result.headers.getSetCookie());
        return result;
      },
      post(form: Record<string, string>, pathname = "/admin/login") {
        return this.call(loginAction, pathname, form);
      },
      adminToken: () => readAdminToken(cookie),
    };
  }

  async function newAdmin(scopes: string[] = ["admin:*"]) {
    const email = `admin-${tag()}@example.test`;
    const { userId } = await createAdministrator({
      db,
      auth: getAuth(),
      input: { email, password: ADMIN_PASSWORD, name: `Admin ${counter}`, scopes },
    });
    return { email, userId };
  }

  /** An administrator's first sign-in: password, authenticator enrolment, first code. */
  async function enrolledAdmin(scopes: string[] = ["admin:*"]) {
    const admin = await newAdmin(scopes);
    const b = browser();
    const first = await b.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
    const { enrolment } = first.body as { enrolment: { totpUri: string; backupCodes: string[] } };
    const secret = secretFromOtpauth(enrolment.totpUri);
    const confirmed = await b.post({
      intent: "enrol-confirm",
      code: await unusedTotp(secret),
      totpUri: enrolment.totpUri,
      backupCodes: enrolment.backupCodes.join(" "),
    });
    expect(confirmed.status).toBe(200);
    expect(b.adminToken()).toBeTruthy();
    return { ...admin, secret, browser: b };
  }

  /**
   * The next request of a browser to an /admin page, as the server runs it: the guard's
   * automatic step first (server/app.ts), then the route's loader or action.
   */
  async function nextAdminRequest(cookie: string, fn: RouteFunction, pathname: string, form?: Record<string, string>) {
    const resolved = await resolveAdminSession({
      db,
      request: new Request(new URL(pathname, PUBLIC_URL), { headers: { cookie } }),
      https: false,
    });
    const jar = cookieJar(cookie, resolved.setCookies)
      .split("; ")
      .filter((c) => c && !c.startsWith(`${ADMIN_COOKIE}=`));
    if (resolved.token) jar.push(`${ADMIN_COOKIE}=${resolved.token}`);
    const result = await h.call(fn as never, { path: pathname, cookie: jar.join("; "), form, ip: ip() });
    return { ...result, automatic: resolved.validated?.session.method === "member-session" && resolved.token !== readAdminToken(cookie) };
  }

  describe("1. session fixation", () => {
    test("sign-in issues a new session token: a cookie held before (another account's, forged, unsigned) is never the one after", async () => {
      const victim = await createMember();
      const attacker = await createMember();
      const attackerSignIn = await signIn(attacker.email);
      const attackerToken = sessionToken(attackerSignIn.setCookies)!;
      const [attackerRow] = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, attacker.id));

      const planted = [
        // The attacker's own valid session, planted in the victim's browser.
        attackerSignIn.cookie,
        // A made-up value, and a real token without its signature.
        "church.session_token=forged-token.forged-signature",
        `church.session_token=${attackerRow!.token}`,
      ];
      expect(await memberFor(planted[1]!)).toBeNull();
      expect(await memberFor(planted[2]!)).toBeNull();
      for (const cookie of planted) {
        const answer = await signIn(victim.email, cookie);
        const issued = sessionToken(answer.setCookies);
        expect(issued).toBeTruthy();
        expect(issued).not.toBe(attackerToken);
        expect(issued!.split(".")[0]).not.toBe("forged-token");
        expect(issued!.split(".")[0]).not.toBe(attackerRow!.token);
        expect((await memberFor(answer.cookie))?.id).toBe(victim.id);
      }
      // Nothing the browser sent became a session row.
      const tokens = (await db.select({ token: sessions.token }).from(sessions)).map((r) => r.token);
      expect(tokens).not.toContain("forged-token");
      // The attacker's own session is still theirs alone.
      expect((await memberFor(attackerSignIn.cookie))?.id).toBe(attacker.id);
    });

    test("a magic link signs in with a fresh session, whatever cookie the browser carried", async () => {
      const { email } = await createMember();
      const other = await createMember();
      const planted = (await signIn(other.email)).cookie;
      // Asked for in this browser (its link cookie: issue 32, item 8b), which also carries the planted session.
      const asked = await h.post({ intent: "magic-link", email }, { cookie: planted, ip: ip() });
      expect(asked.data.ok).toBe(true);
      const link = await magicLinkFor(email);
      const answer = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
      expect(answer.status).toBe(302);
      const issued = sessionToken(answer.headers.getSetCookie());
      expect(issued).toBeTruthy();
      expect(planted).not.toContain(issued!);
      expect((await memberFor(cookieJar(asked.cookie, answer.headers.getSetCookie())))?.email).toBe(email);
    });

    test("the admin portal: a forged admin cookie is dropped, and signing in sets a new random token", async () => {
      const admin = await enrolledAdmin();
      const b = browser();
      b.cookie = `${ADMIN_COOKIE}=attacker-chosen-admin-token`;
      const page = await b.call(loginLoader, "/admin/login");
      expect(page.status).toBe(200);
      // The guard drops a cookie that names no live session.
      const guarded = await resolveAdminSession({
        db,
        request: new Request(`${PUBLIC_URL}/admin`, { headers: { cookie: b.cookie } }),
        https: false,
      });
      expect(guarded.validated).toBeNull();
      expect(guarded.setCookies[0]).toMatch(new RegExp(`^${ADMIN_COOKIE}=; .*Max-Age=0`));

      await b.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      const done = await b.post({ intent: "code", code: await unusedTotp(admin.secret) });
      expect(done.status).toBe(303);
      const token = b.adminToken()!;
      expect(token).not.toBe("attacker-chosen-admin-token");
      expect(token.length).toBeGreaterThanOrEqual(40);
      expect(await validateAdminSession({ db, token: "attacker-chosen-admin-token" })).toBeNull();
      expect((await validateAdminSession({ db, token }))?.admin.userId).toBe(admin.userId);
    });
  });

  describe("2. logout everywhere", () => {
    test("'Sign out everywhere' (the settings control posts intent signout-everywhere to /auth) ends every session at once", async () => {
      const { email } = await createMember();
      const [a, b, c] = [await signIn(email), await signIn(email), await signIn(email)];
      for (const device of [a, b, c]) expect(await memberFor(device.cookie)).not.toBeNull();
      const out = await h.post({ intent: "signout-everywhere" }, { cookie: b.cookie, ip: ip() });
      expect(out.data).toMatchObject({ ok: true, intent: "signout-everywhere" });
      for (const device of [a, b, c]) expect(await memberFor(device.cookie)).toBeNull();
      // The other devices' very next page: the settings page sends them to sign in.
      const next = await h.call(settingsLoader as never, { path: "/settings", cookie: a.cookie });
      expect(next.status).toBe(302);
      expect(next.headers.get("location")).toMatch(/^\/auth\?redirectTo=\/settings/);
    });

    test("it also ends the member's admin portal sessions on every device (fixed: they outlived it)", async () => {
      const admin = await enrolledAdmin();
      const laptop = admin.browser.cookie;
      const elsewhere = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
      const out = await h.post({ intent: "signout-everywhere" }, { cookie: laptop, ip: ip() });
      expect(out.data.ok).toBe(true);
      expect(out.setCookies.some((c) => new RegExp(`^${ADMIN_COOKIE}=; .*Max-Age=0`).test(c))).toBe(true);
      expect(await validateAdminSession({ db, token: readAdminToken(laptop)! })).toBeNull();
      expect(await validateAdminSession({ db, token: elsewhere.token })).toBeNull();
      const next = await nextAdminRequest(laptop, dashboardLoader, "/admin");
      expect(next.status).toBe(302);
      expect(next.headers.get("location")).toBe("/admin/login");
    });

    test("signing out on one device ends that device's portal session; the others keep theirs", async () => {
      const admin = await enrolledAdmin();
      const other = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
      const out = await h.post({ intent: "signout" }, { cookie: admin.browser.cookie, ip: ip() });
      expect(out.data.ok).toBe(true);
      expect(await validateAdminSession({ db, token: admin.browser.adminToken()! })).toBeNull();
      expect(await validateAdminSession({ db, token: other.token })).not.toBeNull();
    });

    test("'Sign out other devices' in settings ends their member and portal sessions, not this device's", async () => {
      const admin = await enrolledAdmin();
      const here = admin.browser.cookie;
      const otherDevice = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
      // The member signed in on another device too.
      const otherMember = await (await getAuth().$context).internalAdapter.createSession(admin.userId);
      const request = new Request(`${PUBLIC_URL}/settings`, {
        method: "POST",
        headers: { cookie: here, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "revoke-other-sessions" }).toString(),
      });
      let answer: unknown;
      try {
        answer = await settingsAction({ request, params: {}, context: {} } as never);
      } catch (thrown) {
        answer = thrown;
      }
      expect((answer as Response).status).toBe(303);
      expect(await memberFor(here)).not.toBeNull();
      expect(await validateAdminSession({ db, token: readAdminToken(here)! })).not.toBeNull();
      expect(await validateAdminSession({ db, token: otherDevice.token })).toBeNull();
      const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId));
      expect(left.map((r) => r.id)).not.toContain(otherMember.id);
      expect(left).toHaveLength(1);
    });

    test("logging out of the portal ends it: the member session left on the device does not reopen it (fixed)", async () => {
      const admin = await enrolledAdmin();
      const b = admin.browser;
      const logout = await b.call(sessionAction, "/admin/session-update", { intent: "logout" });
      expect(logout.status).toBe(303);
      expect(logout.headers.get("location")).toBe("/admin/login");
      expect(b.adminToken()).toBeNull();
      // Still signed in to the site…
      expect(await memberFor(b.cookie)).not.toBeNull();
      // …but the next /admin request makes no admin session by itself: the login page asks for the code.
      const next = await nextAdminRequest(b.cookie, dashboardLoader, "/admin");
      expect(next.automatic).toBe(false);
      expect(next.status).toBe(302);
      expect(next.headers.get("location")).toBe("/admin/login");
      const page = await b.call(loginLoader, "/admin/login");
      expect(page.body).toMatchObject({ step: "code" });
      const back = await b.post({ intent: "code", code: await unusedTotp(admin.secret) });
      expect(back.status).toBe(303);
      expect(b.adminToken()).toBeTruthy();
    });
  });

  describe("3. admin session revocation", () => {
    async function superAdmin() {
      const admin = await newAdmin(["admin:*"]);
      const { token } = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
      return { ...admin, cookie: `${ADMIN_COOKIE}=${token}` };
    }

    test("an administrator whose admin role another admin removes loses the portal at the next request, automatic session included", async () => {
      const boss = await superAdmin();
      const target = await enrolledAdmin(["content", "users"]);
      const before = await nextAdminRequest(target.browser.cookie, dashboardLoader, "/admin");
      expect(before.status).toBe(200);

      const removed = await h.call(usersAction as never, {
        path: "/admin/users",
        cookie: boss.cookie,
        form: { intent: "set-roles", userId: target.userId },
      });
      expect(removed.status).toBe(200);
      for (const [fn, pathname] of [
        [dashboardLoader, "/admin"],
        [contentLoader, "/admin/content"],
      ] as const) {
        const next = await nextAdminRequest(target.browser.cookie, fn, pathname);
        expect(next.automatic).toBe(false);
        expect(next.status).toBe(302);
        expect(next.headers.get("location")).toMatch(/^\/admin\/login/);
      }
      // The member session that began with two factors makes no new admin session either.
      const memberOnly = target.browser.cookie
        .split("; ")
        .filter((c) => !c.startsWith(`${ADMIN_COOKIE}=`))
        .join("; ");
      expect(
        (await resolveAdminSession({ db, request: new Request(`${PUBLIC_URL}/admin`, { headers: { cookie: memberOnly } }), https: false }))
          .validated,
      ).toBeNull();
      // An action posted without the page is refused as well.
      const posted = await nextAdminRequest(target.browser.cookie, usersAction, "/admin/users", {
        intent: "set-roles",
        userId: boss.userId,
      });
      expect(posted.status).toBe(303);
    });

    test("a scope taken away is refused at the next request (403), the others still work", async () => {
      const boss = await superAdmin();
      const target = await enrolledAdmin(["content", "users"]);
      expect((await nextAdminRequest(target.browser.cookie, usersLoader, "/admin/users")).status).toBe(200);
      const changed = await h.call(usersAction as never, {
        path: "/admin/users",
        cookie: boss.cookie,
        form: { intent: "set-scopes", userId: target.userId, "scope-content": "on" },
      });
      expect(changed.status).toBe(200);
      expect((await nextAdminRequest(target.browser.cookie, usersLoader, "/admin/users")).status).toBe(403);
      expect((await nextAdminRequest(target.browser.cookie, contentLoader, "/admin/content")).status).toBe(200);
    });

    test.each(["sign-out", "disable", "reset-two-factor"])(
      "'%s' by another administrator ends every session of the account at once",
      async (intent) => {
        const boss = await superAdmin();
        const target = await enrolledAdmin(["content"]);
        const second = await createAdminSession({ db, userId: target.userId, method: "sign-in" });
        const done = await h.call(usersAction as never, {
          path: "/admin/users",
          cookie: boss.cookie,
          form: { intent, userId: target.userId },
        });
        expect(done.status).toBe(200);
        expect(await memberFor(target.browser.cookie)).toBeNull();
        expect(await validateAdminSession({ db, token: second.token })).toBeNull();
        const next = await nextAdminRequest(target.browser.cookie, dashboardLoader, "/admin");
        expect(next.status).toBe(302);
        expect(next.headers.get("location")).toBe("/admin/login");
      },
    );

    test("a moderator whose role is removed loses the moderation queue at once", async () => {
      const boss = await superAdmin();
      const moderator = await h.createModerator();
      expect((await nextAdminRequest(moderator.cookie, dashboardLoader, "/admin")).status).toBe(200);
      await h.call(usersAction as never, {
        path: "/admin/users",
        cookie: boss.cookie,
        form: { intent: "set-roles", userId: moderator.userId },
      });
      expect((await nextAdminRequest(moderator.cookie, dashboardLoader, "/admin")).status).toBe(302);
      // Giving the role back does not revive the revoked session.
      await h.call(usersAction as never, {
        path: "/admin/users",
        cookie: boss.cookie,
        form: { intent: "set-roles", userId: moderator.userId, [roleField("moderator")]: "on" },
      });
      expect(await validateAdminSession({ db, token: readAdminToken(moderator.cookie)! })).toBeNull();
    });
  });

  describe("4. TOTP replay", () => {
    test("after a password: a code that opened the portal is refused for a second sign-in; the next code works (fixed)", async () => {
      const admin = await enrolledAdmin();
      const code = await unusedTotp(admin.secret);
      const first = browser();
      await first.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      expect((await first.post({ intent: "code", code })).status).toBe(303);

      const second = browser();
      await second.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      const replay = await second.post({ intent: "code", code });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ title: "login.errors.twoFactorFailed", error: { key: "login.errors.invalidCode" } });
      expect(second.adminToken()).toBeNull();
      // The refusal is translated like any wrong code.
      expect(adminTranslator("es")("login.errors.invalidCode")).not.toBe(adminTranslator("en")("login.errors.invalidCode"));
      const fresh = await second.post({ intent: "code", code: await unusedTotp(admin.secret) });
      expect(fresh.status).toBe(303);
    });

    test("two sign-ins racing with the same code: exactly one gets in", async () => {
      const admin = await enrolledAdmin();
      const browsers = [browser(), browser(), browser()];
      for (const b of browsers) await b.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      const code = await unusedTotp(admin.secret);
      const answers = await Promise.all(browsers.map((b) => b.post({ intent: "code", code })));
      expect(answers.map((a) => a.status).sort()).toEqual([303, 400, 400]);
    });

    test("the code that confirmed the enrolment can't sign in again, and one used to extend a session can't extend it twice", async () => {
      const admin = await newAdmin();
      const b = browser();
      const first = await b.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      const { enrolment } = first.body as { enrolment: { totpUri: string; backupCodes: string[] } };
      const secret = secretFromOtpauth(enrolment.totpUri);
      const enrolCode = await unusedTotp(secret);
      expect((await b.post({ intent: "enrol-confirm", code: enrolCode, totpUri: enrolment.totpUri, backupCodes: "" })).status).toBe(200);
      const again = browser();
      await again.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      expect((await again.post({ intent: "code", code: enrolCode })).status).toBe(400);

      const cookie = b.cookie;
      const extendCode = await unusedTotp(secret);
      const extend = (code: string) =>
        h.call(sessionAction as never, { path: "/admin/session-update", cookie, form: { intent: "extend", code } });
      expect((await extend(extendCode)).status).toBe(200);
      const replay = await extend(extendCode);
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ ok: false, error: { key: "login.errors.invalidCode" } });
    });

    test("after an admin magic link (code proven on the member session): a used code is refused", async () => {
      const admin = await enrolledAdmin();
      const used = await unusedTotp(admin.secret);
      const first = browser();
      await first.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
      expect((await first.post({ intent: "code", code: used })).status).toBe(303);

      const b = browser();
      expect((await b.post({ intent: "magic-link", email: admin.email })).status).toBe(200);
      const mail = await h.waitForMail(admin.email);
      const link = new URL(mail.match(/https?:\/\/[^\s"<>]+\/admin\/auth\/callback\?[^\s"<>]+/)![0].replaceAll("&amp;", "&"));
      expect((await b.call(adminCallbackLoader, `${link.pathname}${link.search}`)).headers.get("location")).toBe("/admin/login");
      const replay = await b.post({ intent: "code", code: used });
      expect(replay.status).toBe(400);
      expect(b.adminToken()).toBeNull();
      expect((await b.post({ intent: "code", code: await unusedTotp(admin.secret) })).status).toBe(303);
    });

    test("a member's two-factor sign-in (/auth) refuses a code used once", async () => {
      const admin = await enrolledAdmin();
      // An administrator is a member too: the site's own sign-in asks for the same code.
      const code = await unusedTotp(admin.secret);
      const signInWithCode = async () => {
        const started = await h.post({ intent: "signin-email", email: admin.email, password: ADMIN_PASSWORD }, { ip: ip() });
        expect(started.data).toMatchObject({ ok: true, next: "two-factor" });
        return h.post({ intent: "two-factor", code }, { cookie: started.cookie, ip: ip() });
      };
      const first = await signInWithCode();
      expect(first.data.ok).toBe(true);
      expect(await memberFor(first.cookie)).not.toBeNull();
      const replay = await signInWithCode();
      expect(replay.status).toBe(401);
      expect(replay.data).toMatchObject({ ok: false, error: { key: "errors.invalidTwoFactor" } });
      expect(sessionToken(replay.setCookies)).toBeNull();
    });
  });

  describe("5. magic-link reuse", () => {
    /** A member's magic link, and the cookie of the browser that asked for it (issue 32, item 8b). */
    async function magicLink() {
      const { email } = await createMember();
      const asked = await h.post({ intent: "magic-link", email }, { ip: ip() });
      expect(asked.data.ok).toBe(true);
      return { email, link: await magicLinkFor(email), cookie: asked.cookie };
    }
    const visit = (link: URL, cookie = "") => h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie });

    test("a link signs in once; the second visit is refused with a translated message", async () => {
      const { email, link, cookie } = await magicLink();
      // The database holds the token's hash, never the token the link carries.
      const token = link.searchParams.get("token")!;
      expect(token.length).toBeGreaterThanOrEqual(24);
      const stored = await db.select({ identifier: verifications.identifier }).from(verifications);
      expect(stored.filter((v) => v.identifier.includes(token))).toEqual([]);
      expect(stored.map((v) => v.identifier)).toContain(createHash("sha256").update(`magic-link:${token}`).digest("base64url"));
      const first = await visit(link, cookie);
      expect(first.status).toBe(302);
      expect(first.headers.get("location")).toBe("/auth/callback?done=magiclink");
      expect((await memberFor(cookieJar("", first.headers.getSetCookie())))?.email).toBe(email);
      const second = await visit(link, cookie);
      expect(second.status).toBe(400);
      expect(second.body).toEqual({ ok: false, error: { key: "errors.linkInvalid" } });
      expect(second.headers.getSetCookie()).toEqual([]);
      expect(en("errors.linkInvalid")).toBe(enAuth.errors.linkInvalid);
      expect(es("errors.linkInvalid")).toBe(esAuth.errors.linkInvalid);
      expect(es("errors.linkInvalid")).not.toBe(en("errors.linkInvalid"));
    });

    test("the same link opened twice at once (a mail scanner and the member) signs in once", async () => {
      const { link, cookie } = await magicLink();
      const answers = await Promise.all([visit(link, cookie), visit(link, cookie), visit(link, cookie)]);
      expect(answers.map((a) => a.status).sort()).toEqual([302, 400, 400]);
    });

    test("an expired link is refused with the translated message and signs nobody in", async () => {
      const { email, link, cookie } = await magicLink();
      await db
        .update(verifications)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(sql`${verifications.value} like ${`%${email}%`}`);
      const answer = await visit(link, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ok: false, error: { key: "errors.linkInvalid" } });
      expect(answer.headers.getSetCookie()).toEqual([]);
    });

    test("a confirmation link works once too", async () => {
      const email = `confirm-${tag()}@example.test`;
      await h.post(
        {
          intent: "signup-email",
          fullName: "Lydia Confirm",
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          username: "",
          phone: "",
        },
        { ip: ip() },
      );
      const link = callbackLink(await h.waitForMail(email));
      expect((await visit(link)).status).toBe(302);
      expect((await visit(link)).status).toBe(400);
    });
  });

  describe("6. account enumeration", () => {
    const ROUNDS = 20;
    const figures: Record<string, { existingMs: number; unknownMs: number }> = {};
    afterAll(() => {
      // The run's figures, for docs/reliability.md.
      console.info(`enumeration timing [${backend.name}] medians of ${ROUNDS} (ms): ${JSON.stringify(figures)}`);
    });

    /**
     * Runs `ROUNDS` requests for existing and for unknown addresses, interleaved (the order
     * alternates so load on the machine falls on both alike); asserts the same status and
     * body and returns the medians.
     */
    async function compare(name: string, run: (kind: "existing" | "unknown", i: number) => Promise<{ status: number; body: unknown }>) {
      await run("existing", ROUNDS);
      await run("unknown", ROUNDS);
      const times = { existing: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < ROUNDS; i++) {
        for (const kind of i % 2 ? (["unknown", "existing"] as const) : (["existing", "unknown"] as const)) {
          const started = performance.now();
          const answer = await run(kind, i);
          times[kind].push(performance.now() - started);
          answers.add(JSON.stringify([answer.status, answer.body]));
        }
      }
      expect([...answers]).toHaveLength(1);
      const result = { existingMs: Math.round(median(times.existing) * 10) / 10, unknownMs: Math.round(median(times.unknown) * 10) / 10 };
      figures[name] = result;
      return result;
    }

    /** Confirmed members, made directly (one password hash shared: checking it costs the same). */
    async function members(count: number, prefix: string) {
      const context = await getAuth().$context;
      const hash = await context.password.hash(PASSWORD);
      const emails: string[] = [];
      for (let i = 0; i <= count; i++) {
        const email = `${prefix}-${i}-${tag()}@example.test`;
        const user = await context.internalAdapter.createUser(
          { email, name: "Enumeration Test", emailVerified: true },
          { method: "admin" },
        );
        await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
        emails.push(email);
      }
      return emails;
    }

    test("member sign-in: a wrong password and an unknown address answer alike, in similar time", async () => {
      const existing = await members(ROUNDS, "signin");
      const run = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? existing[i]! : `nobody-${i}-${tag()}@example.test`;
        const answer = await h.post({ intent: "signin-email", email, password: "not-the-password-1" }, { ip: ip() });
        expect(answer.setCookies).toEqual([]);
        return { status: answer.status, body: answer.data };
      };
      const { existingMs, unknownMs } = await compare("member sign-in", run);
      // A password check is one scrypt hash: skipping it for unknown addresses would halve the time or worse.
      expect(Math.abs(existingMs - unknownMs)).toBeLessThan(Math.max(15, 0.35 * Math.max(existingMs, unknownMs)));
    });

    test("member magic link: an existing and an unknown address answer alike, in similar time", async () => {
      const existing = await members(ROUNDS, "magic");
      const run = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? existing[i]! : `stranger-${i}-${tag()}@example.test`;
        const answer = await h.post({ intent: "magic-link", email }, { ip: ip() });
        return { status: answer.status, body: answer.data };
      };
      const { existingMs, unknownMs } = await compare("member magic link", run);
      // The mail goes through the outbox for both: no SMTP conversation inside the request.
      expect(Math.abs(existingMs - unknownMs)).toBeLessThan(Math.max(10, 0.35 * Math.max(existingMs, unknownMs)));
    });

    test("member password reset request: an existing and an unknown address answer alike, in similar time", async () => {
      const existing = await members(ROUNDS, "reset");
      const run = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? existing[i]! : `forgetful-${i}-${tag()}@example.test`;
        const answer = await h.post({ intent: "password-reset-request", email }, { ip: ip() });
        expect(answer.setCookies).toEqual([]);
        return { status: answer.status, body: answer.data };
      };
      const { existingMs, unknownMs } = await compare("member password reset", run);
      // Only a member's address gets a link, made and queued after the answer.
      expect(Math.abs(existingMs - unknownMs)).toBeLessThan(Math.max(10, 0.35 * Math.max(existingMs, unknownMs)));
      // …and it still arrives.
      await h.waitForMail(existing[0]!);
    });

    test("member sign-up: a registered address gets the same answer as a new one, in similar time", async () => {
      const existing = await members(ROUNDS, "signup");
      const run = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? existing[i]! : `newcomer-${i}-${tag()}@example.test`;
        const fields = {
          intent: "signup-email",
          fullName: "Timing Test",
          email,
          password: "a-fresh-passphrase-5",
          confirmPassword: "a-fresh-passphrase-5",
          username: "",
          phone: "",
        };
        const answer = await h.post(fields, { ip: ip() });
        return { status: answer.status, body: answer.data };
      };
      const { existingMs, unknownMs } = await compare("member sign-up", run);
      // Both hash the password; a new account also writes its rows and queues the confirmation.
      expect(Math.abs(existingMs - unknownMs)).toBeLessThan(Math.max(15, 0.35 * Math.max(existingMs, unknownMs)));
    });

    test("admin sign-in and admin magic link: an administrator and an unknown address answer alike, in similar time", async () => {
      const admins: string[] = [];
      for (let i = 0; i <= ROUNDS; i++) admins.push((await newAdmin(["content"])).email);
      const signInRun = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? admins[i]! : `no-admin-${i}-${tag()}@example.test`;
        const answer = await h.call(loginAction as never, {
          path: "/admin/login",
          form: { intent: "password", email, password: "wrong-admin-passphrase" },
          ip: ip(),
        });
        return { status: answer.status, body: answer.body };
      };
      const signInTimes = await compare("admin sign-in", signInRun);
      expect(Math.abs(signInTimes.existingMs - signInTimes.unknownMs)).toBeLessThan(
        Math.max(15, 0.35 * Math.max(signInTimes.existingMs, signInTimes.unknownMs)),
      );

      const magicRun = async (kind: "existing" | "unknown", i: number) => {
        const email = kind === "existing" ? admins[i]! : `no-admin-${i}-${tag()}@example.test`;
        const answer = await h.call(loginAction as never, { path: "/admin/login", form: { intent: "magic-link", email }, ip: ip() });
        return { status: answer.status, body: answer.body };
      };
      const magicTimes = await compare("admin magic link", magicRun);
      // Only administrators get a link: made after the answer (fixed: it took ~5× as long before).
      expect(Math.abs(magicTimes.existingMs - magicTimes.unknownMs)).toBeLessThan(
        Math.max(5, 0.35 * Math.max(magicTimes.existingMs, magicTimes.unknownMs)),
      );
      // …and it still arrives.
      await h.waitForMail(admins[0]!);
    });
  });

  describe("7. open redirects (route modules)", () => {
    test("/auth/callback: only ever redirects to itself, whatever redirectTo, next or callbackURL say", async () => {
      for (const target of HOSTILE_TARGETS.slice(0, 8)) {
        const { email } = await createMember();
        const asked = await h.post({ intent: "magic-link", email }, { ip: ip() });
        expect(asked.data.ok).toBe(true);
        const link = await magicLinkFor(email);
        for (const name of ["redirectTo", "next", "callbackURL", "errorCallbackURL", "newUserCallbackURL", "returnTo"])
          link.searchParams.set(name, target);
        const answer = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toBe("/auth/callback?done=magiclink");
        // A used or made-up link with the same parameters: an answer, not a redirect.
        const refused = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
        expect(refused.status).toBe(400);
        expect(refused.headers.get("location")).toBeNull();
      }
    });

    test("/admin/auth/callback sends only to the login page", async () => {
      for (const target of HOSTILE_TARGETS.slice(0, 6)) {
        const params = new URLSearchParams({ token: "made-up-token", callbackURL: target, redirectTo: target, errorCallbackURL: target });
        const answer = await h.call(adminCallbackLoader as never, { path: `/admin/auth/callback?${params}` });
        expect(answer.status).toBe(302);
        expect(answer.headers.get("location")).toBe("/admin/login?error=link");
      }
    });

    test("/admin/login?redirectTo=…: a hostile target lands on /admin, never another site, never a 500", async () => {
      const admin = await enrolledAdmin();
      for (const target of HOSTILE_TARGETS) {
        const pathname = `/admin/login?redirectTo=${encodeURIComponent(target)}`;
        // Already signed in: the page sends the administrator on.
        const page = await h.call(loginLoader as never, { path: pathname, cookie: admin.browser.cookie });
        expect(page.status, target).toBe(302);
        expect(isLocalLocation(page.headers.get("location")), `${target} → ${page.headers.get("location")}`).toBe(true);
        expect(page.headers.get("location")!.startsWith("/admin")).toBe(true);
      }
      // After the code: the same rule.
      const b = browser();
      await b.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD }, "/admin/login?redirectTo=%2F%2Fevil.example");
      const done = await b.post({ intent: "code", code: await unusedTotp(admin.secret) }, "/admin/login?redirectTo=%2F%2Fevil.example");
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe("/admin");
      // A path inside the portal is kept.
      const kept = await h.call(loginLoader as never, {
        path: "/admin/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dana",
        cookie: admin.browser.cookie,
      });
      expect(kept.headers.get("location")).toBe("/admin/users?q=ana");
    });
  });

  describe("8. passwords", () => {
    test("changing the password ends every other member session and the portal elsewhere; the old password stops working", async () => {
      const admin = await enrolledAdmin();
      const here = admin.browser.cookie;
      const elsewhere = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
      const otherMember = await (await getAuth().$context).internalAdapter.createSession(admin.userId);
      const request = new Request(`${PUBLIC_URL}/settings`, {
        method: "POST",
        headers: { cookie: here, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "change-password",
          currentPassword: ADMIN_PASSWORD,
          newPassword: "a-brand-new-passphrase-9",
          confirmPassword: "a-brand-new-passphrase-9",
        }).toString(),
      });
      let answer: unknown;
      try {
        answer = await settingsAction({ request, params: {}, context: {} } as never);
      } catch (thrown) {
        answer = thrown;
      }
      const response = answer as Response;
      expect(response.status).toBe(303);
      const after = cookieJar(here, response.headers.getSetCookie());
      expect(await memberFor(after)).not.toBeNull();
      const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId));
      expect(left.map((r) => r.id)).not.toContain(otherMember.id);
      expect(left).toHaveLength(1);
      expect(await validateAdminSession({ db, token: elsewhere.token })).toBeNull();
      expect(await validateAdminSession({ db, token: readAdminToken(here)! })).not.toBeNull();
      const old = await h.call(loginAction as never, {
        path: "/admin/login",
        form: { intent: "password", email: admin.email, password: ADMIN_PASSWORD },
        ip: ip(),
      });
      expect(old.status).toBe(401);
    });

    test("a member who forgot the password can still get in by magic link", async () => {
      const { email } = await createMember();
      const asked = await h.post({ intent: "magic-link", email }, { ip: ip() });
      expect(asked.data.ok).toBe(true);
      const link = await magicLinkFor(email);
      const answer = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
      expect(answer.status).toBe(302);
      expect((await memberFor(cookieJar("", answer.headers.getSetCookie())))?.email).toBe(email);
    });

    describe("password reset", () => {
      const NEW_PASSWORD = "a-fresh-start-passphrase-3";
      const resetPath = (link: URL) => `${link.pathname}${link.search}`;
      /** How better-auth stores a reset token (verification.storeIdentifier: hashed). */
      const storedIdentifier = (token: string) => createHash("sha256").update(`reset-password:${token}`).digest("base64url");

      /** The `nth` password reset mail to `email` (other mails to it, like the confirmation, are skipped). */
      async function resetMailFor(email: string, nth = 1): Promise<{ mail: string; link: URL; token: string }> {
        for (let count = 1; ; count++) {
          await h.waitForMail(email, count);
          const resets = h.mails
            .filter((m) => m.to.includes(email))
            .map((m) => decodeMail(m.raw))
            .filter((m) => m.includes("/auth/reset-password?"));
          if (resets.length >= nth) {
            const link = resetPasswordLink(resets[nth - 1]!);
            return { mail: resets[nth - 1]!, link, token: link.searchParams.get("token")! };
          }
        }
      }

      async function requestReset(email: string, language: "en" | "es" = "en") {
        const answer = await h.post({ intent: "password-reset-request", email }, { ip: ip(), language });
        expect(answer.status).toBe(200);
        expect(answer.data).toEqual({ ok: true, intent: "password-reset-request" });
        expect(answer.setCookies).toEqual([]);
        return answer;
      }

      /** Posts the new-password form as the page does (the route's own action). */
      function submitReset(
        link: URL,
        fields: { password: string; confirmPassword?: string; token?: string },
        options: { cookie?: string } = {},
      ) {
        return h.call(resetAction as never, {
          path: resetPath(link),
          cookie: options.cookie,
          ip: ip(),
          form: {
            intent: "password-reset",
            token: fields.token ?? link.searchParams.get("token")!,
            password: fields.password,
            confirmPassword: fields.confirmPassword ?? fields.password,
          },
        });
      }

      test("the link comes in the member's language, lasts 15 minutes, is stored hashed, and opening it uses nothing up", async () => {
        // Signed up on the Spanish site: the member's language is Spanish, whatever page asks.
        const email = `reset-es-${tag()}@example.test`;
        const signup = await h.post(
          {
            intent: "signup-email",
            fullName: "Marta Restablece",
            email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            username: "",
            phone: "",
          },
          { ip: ip(), language: "es" },
        );
        expect(signup.data.ok).toBe(true);
        await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
        const asked = Date.now();
        await requestReset(email, "en");
        const { mail, link, token } = await resetMailFor(email);
        expect(mail).toContain(authEmailStrings.es.passwordReset.action);
        expect(mail).toContain(authEmailStrings.es.passwordReset.expiry);
        expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/auth/reset-password`);
        expect(link.searchParams.get("lang")).toBe("es");
        expect(token).toMatch(/^[A-Za-z0-9]{24}$/);

        const [row] = await db
          .select()
          .from(verifications)
          .where(eq(verifications.identifier, storedIdentifier(token)));
        expect(row).toBeTruthy();
        const lifetime = row!.expiresAt.getTime() - asked;
        expect(lifetime).toBeGreaterThan(14 * 60_000);
        expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);
        // The database never holds the token itself.
        const all = await db.select({ identifier: verifications.identifier, value: verifications.value }).from(verifications);
        expect(all.filter((v) => v.identifier.includes(token) || v.value.includes(token))).toEqual([]);

        // A mail scanner (or the member, twice) opening the link: the form, nothing spent.
        for (let i = 0; i < 2; i++) {
          const page = await h.call(resetLoader as never, { path: resetPath(link) });
          expect(page.status).toBe(200);
          expect(page.body).toEqual({ view: "reset", token, email });
          expect(page.headers.get("cache-control")).toBe("no-store");
          // The token never goes to another site in a Referer (the page's own posts keep their Origin).
          expect(page.headers.get("referrer-policy")).toBe("same-origin");
          expect(page.headers.getSetCookie()).toEqual([]);
        }
        expect((await submitReset(link, { password: NEW_PASSWORD })).status).toBe(200);
      });

      test("a reset works once, ends every member and portal session, signs nobody in, and keeps the second factor", async () => {
        const admin = await enrolledAdmin();
        const laptop = admin.browser.cookie;
        const elsewhere = await createAdminSession({ db, userId: admin.userId, method: "sign-in" });
        const phone = await (await getAuth().$context).internalAdapter.createSession(admin.userId);
        expect(await validateAdminSession({ db, token: readAdminToken(laptop)! })).not.toBeNull();

        await requestReset(admin.email);
        const { link } = await resetMailFor(admin.email);
        const done = await submitReset(link, { password: NEW_PASSWORD }, { cookie: laptop });
        expect(done.status).toBe(200);
        expect(done.body).toEqual({ ok: true, intent: "password-reset" });
        // No session cookie: the reset signs nobody in (not even the browser that posted it).
        expect(done.headers.getSetCookie()).toEqual([]);

        expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId))).toEqual([]);
        expect(await memberFor(laptop)).toBeNull();
        expect(await (await getAuth().$context).internalAdapter.findSession(phone.token)).toBeNull();
        expect(await validateAdminSession({ db, token: readAdminToken(laptop)! })).toBeNull();
        expect(await validateAdminSession({ db, token: elsewhere.token })).toBeNull();
        const next = await nextAdminRequest(laptop, dashboardLoader, "/admin");
        expect(next.status).toBe(302);
        expect(next.headers.get("location")).toBe("/admin/login");

        // The link is spent: the form and the page both say so.
        const again = await submitReset(link, { password: "yet-another-passphrase-4" });
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({ ok: false, error: { key: "errors.resetLinkInvalid" } });
        const page = await h.call(resetLoader as never, { path: resetPath(link) });
        expect(page.status).toBe(400);
        expect(page.body).toEqual({ view: "invalid" });

        // The old password is refused; the new one signs in, and still asks for the code.
        const old = await h.post({ intent: "signin-email", email: admin.email, password: ADMIN_PASSWORD }, { ip: ip() });
        expect(old.data).toMatchObject({ ok: false, error: { key: "errors.invalidCredentials" } });
        const fresh = await h.post({ intent: "signin-email", email: admin.email, password: NEW_PASSWORD }, { ip: ip() });
        expect(fresh.data).toMatchObject({ ok: true, next: "two-factor" });
        expect(sessionToken(fresh.setCookies) || null).toBeNull();
        expect(await memberFor(fresh.cookie)).toBeNull();
        const portal = await h.call(loginAction as never, {
          path: "/admin/login",
          form: { intent: "password", email: admin.email, password: NEW_PASSWORD },
          ip: ip(),
        });
        expect(portal.status).toBe(200);
        expect(readAdminToken(cookieJar("", portal.headers.getSetCookie()))).toBeNull();
      });

      test("two forms racing with one link: exactly one password is set", async () => {
        const { email } = await createMember();
        await requestReset(email);
        const { link } = await resetMailFor(email);
        const passwords = ["racing-passphrase-one-1", "racing-passphrase-two-2", "racing-passphrase-three-3"];
        const answers = await Promise.all(passwords.map((password) => submitReset(link, { password })));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
        const winner = passwords[answers.findIndex((a) => a.status === 200)]!;
        for (const password of passwords) {
          const answer = await h.post({ intent: "signin-email", email, password }, { ip: ip() });
          expect(answer.data.ok, password).toBe(password === winner);
        }
      });

      test("an expired link (15 minutes) is refused with the translated message and changes nothing", async () => {
        const { email } = await createMember();
        await requestReset(email);
        const { link, token } = await resetMailFor(email);
        await db
          .update(verifications)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(verifications.identifier, storedIdentifier(token)));
        const page = await h.call(resetLoader as never, { path: resetPath(link) });
        expect(page.status).toBe(400);
        expect(page.body).toEqual({ view: "invalid" });
        const answer = await submitReset(link, { password: NEW_PASSWORD });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ ok: false, error: { key: "errors.resetLinkInvalid" } });
        expect(en("errors.resetLinkInvalid")).toBe(enAuth.errors.resetLinkInvalid);
        expect(es("errors.resetLinkInvalid")).toBe(esAuth.errors.resetLinkInvalid);
        expect(es("errors.resetLinkInvalid")).not.toBe(en("errors.resetLinkInvalid"));
        // The old password still works; the new one was never set.
        expect((await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: ip() })).data.ok).toBe(true);
        expect((await h.post({ intent: "signin-email", email, password: NEW_PASSWORD }, { ip: ip() })).data.ok).toBe(false);
      });

      test("the reset lifts the failed-sign-in lock, and confirms an unconfirmed address (someone else's password on it stops working)", async () => {
        // Someone signed up with this address and a password of their own, and never confirmed it.
        const email = `reset-unconfirmed-${tag()}@example.test`;
        const squatter = "squatters-passphrase-8";
        await h.post(
          {
            intent: "signup-email",
            fullName: "Not The Owner",
            email,
            password: squatter,
            confirmPassword: squatter,
            username: "",
            phone: "",
          },
          { ip: ip() },
        );
        // The owner tries passwords until the account is locked on their address, then asks for a reset.
        const owner = ip();
        for (let i = 0; i < 5; i++) await h.post({ intent: "signin-email", email, password: `a-guess-${i}-abcdef` }, { ip: owner });
        const locked = await h.post({ intent: "signin-email", email, password: "another-guess-1" }, { ip: owner });
        expect(locked.status).toBe(429);
        await requestReset(email);
        const { link } = await resetMailFor(email);
        expect((await submitReset(link, { password: NEW_PASSWORD })).status).toBe(200);
        const signedIn = await h.post({ intent: "signin-email", email, password: NEW_PASSWORD }, { ip: owner });
        expect(signedIn.data).toMatchObject({ ok: true });
        expect((await memberFor(signedIn.cookie))?.email).toBe(email);
        expect((await h.post({ intent: "signin-email", email, password: squatter }, { ip: ip() })).data).toMatchObject({
          ok: false,
          error: { key: "errors.invalidCredentials" },
        });
      });

      test("rate limits: one request per address a minute (known or not), ten per client address in 15 minutes; the form counts with the code checks", async () => {
        const { email } = await createMember();
        const stranger = `reset-stranger-${tag()}@example.test`;
        for (const address of [email, stranger]) {
          expect((await h.post({ intent: "password-reset-request", email: address }, { ip: ip() })).status).toBe(200);
          // Another client, the same address, within the minute: the same refusal for both.
          const again = await h.post({ intent: "password-reset-request", email: address }, { ip: ip() });
          expect(again.status).toBe(429);
          expect(again.data).toMatchObject({ ok: false, error: { key: "errors.rateLimitedSeconds" } });
        }
        const scale = getEnv().RATE_LIMIT_IP_SCALE;
        const client = ip();
        for (let i = 0; i < limits.sendsPerIp.limit * scale; i++) {
          const answer = await h.post({ intent: "password-reset-request", email: `reset-many-${i}-${tag()}@example.test` }, { ip: client });
          expect(answer.status, `request ${i + 1}`).toBe(200);
        }
        const refused = await h.post({ intent: "password-reset-request", email: `reset-one-more-${tag()}@example.test` }, { ip: client });
        expect(refused.status).toBe(429);
        expect(refused.data).toMatchObject({ ok: false, error: { key: "errors.rateLimited", values: { minutes: 15 } } });
        expect(es("errors.rateLimited", { minutes: 15 })).toContain("15");

        // The new-password form: counted per client address with the other code checks.
        const formClient = ip();
        const bogus = { intent: "password-reset", token: "A".repeat(24), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
        for (let i = 0; i < limits.verifyPerIp.limit * scale; i++) {
          expect((await h.post(bogus, { ip: formClient })).status).toBe(400);
        }
        expect((await h.post(bogus, { ip: formClient })).status).toBe(429);
        // The member's own request went out once.
        await resetMailFor(email);
        expect(h.mails.filter((m) => m.to.includes(email) && decodeMail(m.raw).includes("/auth/reset-password?"))).toHaveLength(1);
      });

      test("validation messages are the sign-up ones, in English and Spanish, and a refused form leaves the link usable", async () => {
        const { email } = await createMember();
        await requestReset(email);
        const { link, token } = await resetMailFor(email);
        const cases: { fields: Record<string, string>; key: string; field?: string; en: string; es: string }[] = [
          {
            fields: { intent: "password-reset-request", email: "" },
            key: "errors.emailRequiredForReset",
            field: "email",
            en: "Email is required to reset your password",
            es: "El correo es obligatorio para restablecer la contraseña",
          },
          {
            fields: { intent: "password-reset-request", email: "not-an-address" },
            key: "errors.invalidEmail",
            field: "email",
            en: enAuth.errors.invalidEmail,
            es: esAuth.errors.invalidEmail,
          },
          // A phone-only account's placeholder address can't be typed: those members use a texted code.
          {
            fields: { intent: "password-reset-request", email: "15555550100@phone.invalid" },
            key: "errors.invalidEmail",
            field: "email",
            en: enAuth.errors.invalidEmail,
            es: esAuth.errors.invalidEmail,
          },
          {
            fields: { intent: "password-reset", token, password: "", confirmPassword: "" },
            key: "errors.newPasswordRequired",
            field: "password",
            en: "Enter a new password.",
            es: "Escriba una contraseña nueva.",
          },
          {
            fields: { intent: "password-reset", token, password: "abcdefg", confirmPassword: "abcdefh" },
            key: "errors.passwordsDoNotMatch",
            field: "confirmPassword",
            en: "Passwords do not match",
            es: "Las contraseñas no coinciden",
          },
          {
            fields: { intent: "password-reset", token, password: "abc", confirmPassword: "abc" },
            key: "errors.passwordTooShort",
            field: "password",
            en: "Password must be at least 6 characters long",
            es: "La contraseña debe tener al menos 6 caracteres",
          },
          {
            fields: { intent: "password-reset", token, password: "x".repeat(129), confirmPassword: "x".repeat(129) },
            key: "errors.passwordTooLong",
            field: "password",
            en: enAuth.errors.passwordTooLong,
            es: esAuth.errors.passwordTooLong,
          },
          {
            fields: { intent: "password-reset", token, password: "password1", confirmPassword: "password1" },
            key: "errors.passwordTooCommon",
            field: "password",
            en: enAuth.errors.passwordTooCommon,
            es: esAuth.errors.passwordTooCommon,
          },
          {
            fields: { intent: "password-reset", token: "made-up", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
            key: "errors.resetLinkInvalid",
            en: enAuth.errors.resetLinkInvalid,
            es: esAuth.errors.resetLinkInvalid,
          },
          {
            fields: { intent: "password-reset", token: "B".repeat(24), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
            key: "errors.resetLinkInvalid",
            en: enAuth.errors.resetLinkInvalid,
            es: esAuth.errors.resetLinkInvalid,
          },
        ];
        for (const c of cases) {
          for (const language of ["en", "es"] as const) {
            const answer = await h.post(c.fields, { ip: ip(), language });
            expect(answer.status, c.key).toBe(400);
            expect(answer.data, c.key).toMatchObject({ ok: false, error: { key: c.key } });
            if (c.field) expect(answer.data, c.key).toMatchObject({ field: c.field });
            const error = (answer.data as { error: { key: Parameters<typeof en>[0] } }).error;
            expect((language === "en" ? en : es)(error.key)).toBe(c[language]);
          }
          expect(c.es).not.toBe(c.en);
        }
        // None of that spent the link.
        expect((await h.call(resetLoader as never, { path: resetPath(link) })).status).toBe(200);
        expect((await submitReset(link, { password: NEW_PASSWORD })).status).toBe(200);
      });

      test("junk never gets a 5xx and changes nothing", async () => {
        const { email, id } = await createMember();
        await requestReset(email);
        const { link, token } = await resetMailFor(email);
        const [before] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, id));
        const fields: Record<string, string>[] = [
          { intent: "password-reset", token: `${token}'; drop table users; --`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { intent: "password-reset", token: token.repeat(500), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { intent: "password-reset", token: `../${token}`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { intent: "password-reset", token, password: "x".repeat(10_001), confirmPassword: "x".repeat(10_001) },
          { intent: "password-reset", token, password: "tab\tand\u0000nul", confirmPassword: "tab\tand\u0000nul" },
          { intent: "password-reset", token },
          { intent: "password-reset" },
          { intent: "password-reset-request", email: `${email}\u0000` },
          { intent: "password-reset-request", email: "x".repeat(10_001) },
          { intent: "password-reset-request", email: `"><script>alert(1)</script>@example.test` },
          { intent: "password-reset-request" },
        ];
        for (const form of fields) {
          const answer = await h.post(form, { ip: ip() });
          expect(answer.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
          expect(answer.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
          const page = await h.call(resetAction as never, { path: resetPath(link), form, ip: ip() });
          expect(page.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
        }
        for (const json of [
          [],
          [1, 2],
          "text",
          42,
          null,
          { intent: "password-reset", token: { $ne: null }, password: [NEW_PASSWORD] },
          { intent: "password-reset-request", email: ["a@b.co", email] },
        ]) {
          const answer = await h.post({}, { ip: ip(), json });
          expect(answer.status, JSON.stringify(json)).toBe(400);
        }
        for (const rawBody of ["{", "intent=password-reset&token=", "\u0000"]) {
          expect((await h.post({}, { ip: ip(), rawBody })).status).toBe(400);
        }
        // The page takes only the two reset steps: any other intent posted to it is refused.
        for (const intent of ["signin-email", "signout-everywhere", "magic-link", "delete-account", ""]) {
          const answer = await h.call(resetAction as never, {
            path: "/auth/reset-password",
            form: { intent, email, password: PASSWORD },
            ip: ip(),
          });
          expect(answer.status, intent).toBe(400);
          expect(answer.body, intent).toMatchObject({ ok: false, intent: null, error: { key: "errors.invalidRequest" } });
          expect(answer.headers.getSetCookie(), intent).toEqual([]);
        }
        // Odd links open the "can't be used" page, never an error page.
        for (const query of [
          "token=",
          "token=%00",
          `token=${"z".repeat(5000)}`,
          "token=a&token=b",
          `token=${encodeURIComponent("<script>")}`,
          "token[]=x",
          "lang=es&token=%E2%80%AE",
        ]) {
          const page = await h.call(resetLoader as never, { path: `/auth/reset-password?${query}` });
          expect(page.status, query).toBeLessThan(500);
          expect(page.body, query).toEqual(query === "token[]=x" ? { view: "request" } : { view: "invalid" });
        }
        const [after] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, id));
        expect(after!.password).toBe(before!.password);
        // …and the real link still works.
        expect((await submitReset(link, { password: NEW_PASSWORD })).status).toBe(200);
      });
    });
  });

  describe("11. issue 32 (outside review): the calendar link can be revoked; two-factor on every sign-in; links bound to the browser; no lock-out by strangers", () => {
    const feedStatus = async (token: string) =>
      (await h.call(memberFeedLoader as never, { path: `/events/mine.ics?token=${encodeURIComponent(token)}` })).status;
    /** The member's private calendar link token now (from the profile's feed version). */
    async function feedToken(userId: string) {
      const [row] = await db.select({ version: profiles.calendarFeedVersion }).from(profiles).where(eq(profiles.id, userId));
      return createCalendarFeedToken(userId, row!.version);
    }
    /** The calendar link before `event` works; after it, that link answers 404 (as any bad token does) and the new one works. */
    async function expectFeedRevokedBy(userId: string, event: () => Promise<void>) {
      const old = await feedToken(userId);
      expect(await feedStatus(old)).toBe(200);
      await event();
      const fresh = await feedToken(userId);
      expect(fresh).not.toBe(old);
      expect(await feedStatus(old)).toBe(404);
      expect(await feedStatus(fresh)).toBe(200);
      return fresh;
    }
    const settingsPost = (cookie: string, form: Record<string, string>) =>
      h.call(settingsAction as never, { path: "/settings", cookie, form, ip: ip() });
    /** The newest mailed link of one kind to `email` (other mails to it, like the confirmation, are skipped). */
    async function mailedLink(email: string, pattern: RegExp): Promise<URL> {
      for (let count = 1; ; count++) {
        await h.waitForMail(email, count);
        const found = h.mails
          .filter((m) => m.to.includes(email))
          .map((m) => decodeMail(m.raw).match(pattern)?.[0])
          .filter((l): l is string => Boolean(l));
        if (found.length > 0) return new URL(found[found.length - 1]!.replaceAll("&amp;", "&"));
      }
    }
    const MAGIC_LINK = /https?:\/\/[^\s"<>]+\/auth\/callback\?type=magiclink[^\s"<>]+/;

    describe("item 7: the private calendar link", () => {
      test("'Sign out everywhere' ends the old calendar link; the new one works", async () => {
        const { id, email } = await createMember();
        const { cookie } = await signIn(email);
        await expectFeedRevokedBy(id, async () => {
          expect((await h.post({ intent: "signout-everywhere" }, { cookie, ip: ip() })).data.ok).toBe(true);
        });
      });

      test("a password change ends the old calendar link; the new one works", async () => {
        const { id, email } = await createMember();
        const { cookie } = await signIn(email);
        await expectFeedRevokedBy(id, async () => {
          const changed = await settingsPost(cookie, {
            intent: "change-password",
            currentPassword: PASSWORD,
            newPassword: "another-good-passphrase-2",
            confirmPassword: "another-good-passphrase-2",
          });
          expect(changed.status).toBe(303);
        });
      });

      test("a password reset ends the old calendar link; the new one works", async () => {
        const { id, email } = await createMember();
        await expectFeedRevokedBy(id, async () => {
          expect((await h.post({ intent: "password-reset-request", email }, { ip: ip() })).status).toBe(200);
          const link = await mailedLink(email, /https?:\/\/[^\s"<>]+\/auth\/reset-password\?[^\s"<>]+/);
          const token = link.searchParams.get("token")!;
          const password = "a-fresh-start-passphrase-3";
          const done = await h.call(resetAction as never, {
            path: `${link.pathname}${link.search}`,
            ip: ip(),
            form: { intent: "password-reset", token, password, confirmPassword: password },
          });
          expect(done.status).toBe(200);
        });
      });

      test("'Reset my calendar link' in settings ends the old link; the page then shows the new one, in English and Spanish", async () => {
        const { id, email } = await createMember();
        const { cookie } = await signIn(email);
        const shown = async () =>
          ((await h.call(settingsLoader as never, { path: "/settings", cookie })).body as { calendarFeedUrl?: string }).calendarFeedUrl;
        expect(await shown()).toBe(`/events/mine.ics?token=${encodeURIComponent(await feedToken(id))}`);
        const fresh = await expectFeedRevokedBy(id, async () => {
          const reset = await settingsPost(cookie, { intent: "reset-calendar-link" });
          expect(reset.status).toBe(303);
          expect(reset.headers.get("location")).toBe("/settings?done=calendar-link-reset#calendar");
        });
        // Still signed in; the page has the new link.
        expect(await shown()).toBe(`/events/mine.ics?token=${encodeURIComponent(fresh)}`);
        expect(en("settings.calendarLinkResetButton")).toBe("Reset My Calendar Link");
        expect(es("settings.calendarLinkResetButton")).toBe("Restablecer mi enlace de calendario");
        for (const key of [
          "settings.calendarLink",
          "settings.calendarLinkIntro",
          "settings.calendarLinkResetHint",
          "settings.calendarLinkReset",
        ] as const) {
          expect(es(key)).not.toBe(en(key));
          expect(en(key)).not.toBe(key);
        }
      });
    });

    describe("item 8a: two-factor for every way of signing in", () => {
      test("a magic link doesn't sign in a member with two-factor: the authenticator code is asked, and makes a two-factor session", async () => {
        // An administrator is a member with two-factor.
        const admin = await enrolledAdmin();
        const sessionsBefore = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId))).length;
        const asked = await h.post({ intent: "magic-link", email: admin.email }, { ip: ip() });
        expect(asked.data.ok).toBe(true);
        const link = await mailedLink(admin.email, MAGIC_LINK);
        const opened = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
        expect(opened.status).toBe(302);
        expect(opened.headers.get("location")).toBe("/auth?tab=signin&step=two-factor");
        const pending = cookieJar(asked.cookie, opened.headers.getSetCookie());
        expect(await memberFor(pending)).toBeNull();
        expect(pending).toMatch(/two_factor=/);
        expect((await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId))).length).toBe(sessionsBefore);
        // The link is used up: it can't be opened again for another try.
        expect((await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie })).status).toBe(400);

        const done = await h.post({ intent: "two-factor", code: await unusedTotp(admin.secret) }, { cookie: pending, ip: ip() });
        expect(done.data).toMatchObject({ ok: true, intent: "two-factor" });
        const signedIn = await getCurrentMember({ db, request: new Request(`${PUBLIC_URL}/`, { headers: { cookie: done.cookie } }) });
        expect(signedIn?.member.id).toBe(admin.userId);
        expect(signedIn?.twoFactorVerified).toBe(true);
        expect(en("callback.twoFactorNext")).not.toBe(es("callback.twoFactorNext"));
      });

      test("a texted code doesn't sign in a member with two-factor either: the answer asks for the code next", async () => {
        const admin = await enrolledAdmin();
        const phone = `+1555${String(3_000_000 + counter).slice(-7)}`;
        // The number proven as the account's sign-in number (as /settings does with a code).
        await db.update(users).set({ phoneNumber: phone, phoneNumberVerified: true }).where(eq(users.id, admin.userId));
        expect((await h.post({ intent: "sms-send", phone }, { ip: ip() })).data.ok).toBe(true);
        let code: string | undefined;
        for (let i = 0; i < 200 && !code; i++) {
          code = h
            .smsLines()
            .find((l) => l.to === phone)
            ?.body.match(/\b(\d{6})\b/)?.[1];
          if (!code) await new Promise((r) => setTimeout(r, 50));
        }
        const verified = await h.post({ intent: "sms-verify", phone, code: code! }, { ip: ip() });
        expect(verified.data).toMatchObject({ ok: true, intent: "sms-verify", next: "two-factor" });
        expect(await memberFor(verified.cookie)).toBeNull();
        expect(verified.cookie).toMatch(/two_factor=/);
        const done = await h.post({ intent: "two-factor", code: await unusedTotp(admin.secret) }, { cookie: verified.cookie, ip: ip() });
        expect(done.data).toMatchObject({ ok: true, toast: { title: "toast.welcomeBack" } });
        expect((await memberFor(done.cookie))?.id).toBe(admin.userId);
      });

      test("the admin magic link of an administrator with two-factor opens no site session before the code", async () => {
        const admin = await enrolledAdmin();
        const b = browser();
        expect((await b.post({ intent: "magic-link", email: admin.email })).status).toBe(200);
        const link = await mailedLink(admin.email, /https?:\/\/[^\s"<>]+\/admin\/auth\/callback\?[^\s"<>]+/);
        expect((await b.call(adminCallbackLoader, `${link.pathname}${link.search}`)).headers.get("location")).toBe("/admin/login");
        expect(await memberFor(b.cookie)).toBeNull();
        expect((await b.call(loginLoader, "/admin/login")).body).toMatchObject({ step: "code" });
        expect((await b.post({ intent: "code", code: await unusedTotp(admin.secret) })).status).toBe(303);
        expect((await memberFor(b.cookie))?.id).toBe(admin.userId);
        expect(b.adminToken()).toBeTruthy();
      });
    });

    describe("item 8b: a magic link signs in only the browser that asked for it without a question", () => {
      test("login CSRF: someone's link opened in another browser asks 'Sign in as …?' and signs in only by the button (a POST)", async () => {
        const attacker = await createMember();
        const victim = await createMember();
        const victimCookie = (await signIn(victim.email)).cookie;
        // The attacker asks for a link to their own address, in their own browser…
        const asked = await h.post({ intent: "magic-link", email: attacker.email }, { ip: ip() });
        expect(
          asked.setCookies.some((c) => /^church_link_browser=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=900/.test(c)),
        ).toBe(true);
        const link = await magicLinkFor(attacker.email);
        const token = link.searchParams.get("token")!;
        expect(link.searchParams.get("browser")).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // …and gets it opened in the victim's browser: a question, not a sign-in.
        const masked = `${attacker.email[0]}***@example.test`;
        const opened = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: victimCookie });
        expect(opened.status).toBe(200);
        expect(opened.body).toEqual({ ok: false, confirm: { email: masked, token } });
        expect(opened.headers.getSetCookie()).toEqual([]);
        expect(opened.headers.get("cache-control")).toBe("no-store");
        expect((await memberFor(victimCookie))?.id).toBe(victim.id);
        // Taking `browser=` off the link doesn't skip the question, even where it was asked for.
        const stripped = new URL(link);
        stripped.searchParams.delete("browser");
        expect(
          (await h.call(callbackLoader as never, { path: `${stripped.pathname}${stripped.search}`, cookie: asked.cookie })).body,
        ).toEqual({ ok: false, confirm: { email: masked, token } });
        expect(en("callback.confirmTitle", { email: "j***@example.org" })).toBe("Sign in as j***@example.org?");
        expect(es("callback.confirmTitle", { email: "j***@example.org" })).toBe("¿Iniciar sesión como j***@example.org?");

        // The member's own case: asked on the laptop, opened on the phone (no cookie): the button signs in.
        const pressed = await h.call(callbackAction as never, { path: "/auth/callback?lang=es", form: { token } });
        expect(pressed.status).toBe(303);
        expect(pressed.headers.get("location")).toBe("/auth/callback?done=magiclink&lang=es");
        expect((await memberFor(cookieJar("", pressed.headers.getSetCookie())))?.id).toBe(attacker.id);
        // Used once, whichever way.
        expect((await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: victimCookie })).status).toBe(400);
        expect((await h.call(callbackAction as never, { path: "/auth/callback", form: { token } })).status).toBe(400);
        expect((await h.call(callbackAction as never, { path: "/auth/callback", form: {} })).status).toBe(400);
      });

      test("a mail scanner opening the link first uses nothing up; the browser that asked then signs in at once", async () => {
        const { email, id } = await createMember();
        const asked = await h.post({ intent: "magic-link", email }, { ip: ip() });
        const link = await magicLinkFor(email);
        for (let i = 0; i < 2; i++) {
          const scanned = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}` });
          expect(scanned.status).toBe(200);
          expect(scanned.body).toMatchObject({ ok: false, confirm: { token: link.searchParams.get("token") } });
        }
        const opened = await h.call(callbackLoader as never, { path: `${link.pathname}${link.search}`, cookie: asked.cookie });
        expect(opened.status).toBe(302);
        expect(opened.headers.get("location")).toBe("/auth/callback?done=magiclink");
        expect((await memberFor(cookieJar(asked.cookie, opened.headers.getSetCookie())))?.id).toBe(id);
      });
    });

    describe("item 8c: nobody is locked out by someone else's wrong passwords", () => {
      test("member sign-in: a stranger's wrong passwords lock only the stranger's address; the right password from another works", async () => {
        const { email } = await createMember();
        const stranger = ip();
        for (let i = 0; i < 5; i++) {
          expect((await h.post({ intent: "signin-email", email, password: `guess-${i}-abcdef` }, { ip: stranger })).status).toBe(401);
        }
        const refused = await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: stranger });
        expect(refused.status).toBe(429);
        expect(refused.data).toMatchObject({ ok: false, error: { key: "errors.rateLimited" } });
        const member = await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: ip() });
        expect(member.status).toBe(200);
        expect(await memberFor(member.cookie)).not.toBeNull();
        // The member's sign-in doesn't lift the stranger's lock.
        expect((await h.post({ intent: "signin-email", email, password: "guess-again-abcdef" }, { ip: stranger })).status).toBe(429);
      });

      test("guessing spread over many addresses stops at the account's ceiling, and an address the member signed in from still gets in", async () => {
        const { email } = await createMember();
        const home = ip();
        expect((await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: home })).status).toBe(200);
        const ceiling = limits.failedSignInsPerAccount.limit;
        const perAddress = 5;
        const addresses = Array.from({ length: Math.ceil(ceiling / perAddress) }, () => ip());
        const statuses = await Promise.all(
          addresses.map(async (address) => {
            const answers: number[] = [];
            for (let i = 0; i < perAddress; i++)
              answers.push((await h.post({ intent: "signin-email", email, password: `spread-${i}-abcdef` }, { ip: address })).status);
            return answers;
          }),
        );
        expect(statuses.flat().filter((s) => s === 401)).toHaveLength(ceiling);
        // Over the ceiling: a new address waits, even with the right password…
        expect((await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: ip() })).status).toBe(429);
        // …but the member's own address still gets in.
        const atHome = await h.post({ intent: "signin-email", email, password: PASSWORD }, { ip: home });
        expect(atHome.status).toBe(200);
        expect(await memberFor(atHome.cookie)).not.toBeNull();
        // High enough not to be a denial of service: it took 20 addresses, each at its own limit.
        expect(ceiling / perAddress).toBeGreaterThanOrEqual(20);
      });

      test("admin sign-in: a stranger's wrong passwords lock only the stranger's address; the administrator's own still signs in", async () => {
        const admin = await enrolledAdmin();
        const stranger = browser();
        for (let i = 0; i < 5; i++) {
          expect((await stranger.post({ intent: "password", email: admin.email, password: `wrong-${i}-passphrase` })).status).toBe(401);
        }
        const locked = await stranger.post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
        expect(locked.status).toBe(429);
        expect(locked.body).toMatchObject({ error: { key: "login.errors.locked" } });
        const own = await browser().post({ intent: "password", email: admin.email, password: ADMIN_PASSWORD });
        expect(own.status).toBe(200);
        expect(own.body).toMatchObject({ step: "code" });
      });
    });
  });
});

// ---------------------------------------------------------------------------------------
// Over HTTP, against the production server.
// ---------------------------------------------------------------------------------------

interface FlatRoute {
  file: string;
  /** The URL path with parameters filled in ("/admin/events/1"). */
  path: string;
  index: boolean;
}

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route of app/routes.ts (the route config the build uses), with a concrete path. */
function flattenRoutes(entries: readonly RouteEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${parent}/${entry.path}` : parent;
    const concrete = (joined || "/").replace(/:(\w+)/g, "1").replace(/\*/g, "not-a-page");
    const own: FlatRoute[] =
      entry.path !== undefined || entry.index ? [{ file: entry.file, path: concrete, index: Boolean(entry.index) }] : [];
    return [...own, ...flattenRoutes(entry.children ?? [], joined)];
  });
}

/** A route module that exports an `action` (what React Router runs for a POST, PUT, PATCH or DELETE). */
function hasAction(file: string): boolean {
  const source = readFileSync(path.join(repoRoot, "app", file), "utf8");
  return /export\s+(?:async\s+)?function\s+action\b|export\s+(?:const|let|var)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/.test(source);
}

const allRoutes = flattenRoutes(routeConfig as unknown as RouteEntry[]);
/** The Stripe webhook is the one action posted by another server: its guard is Stripe's signature. */
const WEBHOOK = "/stripe/webhook";
const actionRoutes = [
  ...(hasAction("root.tsx") ? [{ file: "root.tsx", path: "/", index: false }] : []),
  ...allRoutes.filter((r) => hasAction(r.file)),
].filter((r) => r.path !== WEBHOOK);
const withoutAction = allRoutes.filter((r) => !hasAction(r.file));
/** Static public pages (no parameters) of the site layout, the ones visitors land on. */
const publicPages = allRoutes.filter(
  (r) =>
    !r.path.startsWith("/admin") &&
    !/\/1(?:\/|$|\.)|not-a-page|\.(?:xml|txt|ics|webmanifest|pdf|csv)$/.test(r.path) &&
    /\.tsx$/.test(r.file),
);

/** The URLs a POST to a route arrives at: the HTML form's, and the `.data` one React Router's fetchers use. */
function postTargets(route: FlatRoute): string[] {
  const query = route.index ? "?index" : "";
  const data = route.path === "/" ? "/_.data" : `${route.path}.data`;
  return [`${route.path}${query}`, `${data}${query}`];
}

const CROSS_SITE: Record<string, Record<string, string>> = {
  "Origin: another site": { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  "Origin: null (sandboxed frame, data: URL)": { Origin: "null" },
  "no Origin, Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
  "no Origin, Sec-Fetch-Site: same-site (a sibling subdomain)": { "Sec-Fetch-Site": "same-site" },
  "Origin: a look-alike of this site": { Origin: "http://127.0.0.1.evil.example" },
};

/** `npm run admin:create`, as the installer runs it, before the server holds the database. */
function adminCreate(options: { dataDir: string; databaseUrl?: string; email: string; password: string }): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: "warn" };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const result = spawnSync(
    "npm",
    [
      "run",
      "--silent",
      "admin:create",
      "--",
      "--email",
      options.email,
      "--password",
      options.password,
      "--name",
      "Hardening Admin",
      "--scopes",
      "admin:*",
    ],
    { cwd: repoRoot, env, encoding: "utf8", timeout: 180_000 },
  );
  if (result.status !== 0) throw new Error(`admin:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

const htmlDecode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** The value of the hidden input `name` in an HTML page. */
function hiddenValue(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  if (value === undefined) throw new Error(`no input ${name} in the page`);
  return htmlDecode(value);
}

/** A directive of a Content-Security-Policy header, as its list of sources. */
function directive(csp: string, name: string): string[] | null {
  for (const part of csp.split(";")) {
    const [key, ...sources] = part.trim().split(/\s+/);
    if (key === name) return sources;
  }
  return null;
}

describeOnBackend("auth hardening over HTTP (production server)", (backend) => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let server: AppServer;
  let stripe: FakeStripe;
  const member = { email: `http-member-${backend.name}@example.test`, cookie: "" };
  const admin = { email: `http-admin-${backend.name}@example.test`, password: "http-admin-long-passphrase", cookie: "", secret: "" };
  const site = () => server.baseURL;

  function http(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string; cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    return fetch(`${site()}${pathname}`, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
  }
  /** A form posted by this site's own page (the browser sends Origin on every POST). */
  function postForm(pathname: string, fields: Record<string, string>, cookie = "") {
    return http(pathname, {
      method: "POST",
      cookie,
      headers: { Origin: site(), "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-auth-hardening-"));
    if (backend.name === "postgres") database = await createThrowawayDatabase();
    adminCreate({ dataDir, databaseUrl: database?.url, email: admin.email, password: admin.password });
    stripe = await startFakeStripe();
    server = await startAppServer({
      cwd: snapshot.dir,
      dataDir,
      databaseUrl: database?.url,
      env: { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    });

    // A member, signed up and confirmed through the site's own pages and email.
    const signup = await postForm("/auth", {
      intent: "signup-email",
      fullName: "Martha Http",
      email: member.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      username: "",
      phone: "",
    });
    expect(signup.status).toBe(200);
    const link = callbackLink(await waitForEmlTo(dataDir, member.email));
    const confirmed = await http(`${link.pathname}${link.search}`);
    expect(confirmed.status).toBe(302);
    member.cookie = cookieJar("", confirmed.headers.getSetCookie());
    expect(member.cookie).toContain("church.session_token=");

    // The administrator's first sign-in: password, enrolment, first code (plain HTML forms).
    const first = await postForm("/admin/login", { intent: "password", email: admin.email, password: admin.password });
    expect(first.status).toBe(200);
    let jar = cookieJar("", first.headers.getSetCookie());
    const page = await first.text();
    const totpUri = hiddenValue(page, "totpUri");
    admin.secret = secretFromOtpauth(totpUri);
    const enrolled = await postForm(
      "/admin/login",
      { intent: "enrol-confirm", code: await unusedTotp(admin.secret), totpUri, backupCodes: hiddenValue(page, "backupCodes") },
      jar,
    );
    expect(enrolled.status).toBe(200);
    jar = cookieJar(jar, enrolled.headers.getSetCookie());
    expect(readAdminToken(jar)).toBeTruthy();
    admin.cookie = jar;
  }, 300_000);

  afterAll(async () => {
    await server?.stop(4000);
    await stripe?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    snapshot?.remove();
  });

  describe("9. CSRF on every state change", () => {
    test("the route config lists the actions this test covers", () => {
      // Generated from app/routes.ts: a new route with an action is covered without editing this file.
      expect(actionRoutes.length).toBeGreaterThanOrEqual(40);
      for (const known of [
        "/auth",
        "/auth/reset-password",
        "/settings",
        "/admin/users",
        "/admin/session-update",
        "/admin/login",
        "/prayer",
        "/tour",
      ]) {
        expect(actionRoutes.map((r) => r.path)).toContain(known);
      }
    });

    test.each(actionRoutes.map((r) => [r.path, r] as const))(
      "a cross-site POST to %s is refused, a same-origin one is not",
      async (_path, route) => {
        const cookie = `${member.cookie}; ${admin.cookie}`;
        for (const target of postTargets(route)) {
          for (const [variant, headers] of Object.entries(CROSS_SITE)) {
            const response = await http(target, {
              method: "POST",
              cookie,
              headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
              body: "intent=signout-everywhere&intent=delete-account&confirm=DELETE",
            });
            expect(response.status, `${target} (${variant})`).toBe(403);
            expect(await response.text()).toContain("Cross-site request refused.");
          }
          for (const method of ["PUT", "PATCH", "DELETE"]) {
            const response = await http(target, { method, cookie, headers: CROSS_SITE["Origin: another site"]! });
            expect(response.status, `${method} ${target}`).toBe(403);
            await response.body?.cancel();
          }
        }
        // The control: the same POST from the site's own page gets past the check (to the
        // action's own answer: a 4xx for the empty form, or a redirect to sign in).
        const own = await http(postTargets(route)[0]!, {
          method: "POST",
          headers: { Origin: site(), "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=",
        });
        expect(await own.text()).not.toContain("Cross-site request refused.");
      },
    );

    test("routes without an action and the server's own endpoints refuse cross-site writes too", async () => {
      const paths = [
        ...withoutAction.map((r) => r.path),
        "/healthz",
        "/readyz",
        "/uploads/x.png",
        "/assets/x.js",
        "/sw.js",
        "/media/x.mp4",
        "/api/auth/sign-out",
        "/",
      ];
      for (const pathname of paths) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          const response = await http(pathname, { method, cookie: member.cookie, headers: CROSS_SITE["Origin: another site"]! });
          expect(response.status, `${method} ${pathname}`).toBe(403);
          await response.body?.cancel();
        }
      }
    });

    test("the member's session survived every refused request", async () => {
      const settings = await http("/settings", { cookie: member.cookie });
      expect(settings.status).toBe(200);
      await settings.body?.cancel();
      const portal = await http("/admin", { cookie: admin.cookie });
      expect(portal.status).toBe(200);
      await portal.body?.cancel();
    });

    test("the Stripe webhook (left out above) is guarded by Stripe's signature, not by Origin", async () => {
      // Stripe's servers send no Origin: such a POST reaches the route, which checks the signature.
      const unsigned = await http(WEBHOOK, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(stripeEvent("customer.created", { id: "cus_1" })),
      });
      expect(unsigned.status).toBe(400);
      expect(await unsigned.text()).toBe("Invalid signature.");
      const forged = signStripeEvent(stripeEvent("customer.created", { id: "cus_2" }), { secret: "whsec_not_the_site_secret" });
      const badSignature = await http(WEBHOOK, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": forged.signature },
        body: forged.payload,
      });
      expect(badSignature.status).toBe(400);
      await badSignature.body?.cancel();
      const signed = await postStripeEvent(site(), stripeEvent("customer.created", { id: "cus_3" }));
      expect(signed.status).toBe(200);
      await signed.body?.cancel();
      // A browser page elsewhere can't post to it either.
      const crossSite = await http(WEBHOOK, { method: "POST", headers: CROSS_SITE["Origin: another site"]!, body: "{}" });
      expect(crossSite.status).toBe(403);
      await crossSite.body?.cancel();
    });
  });

  describe("10. CSP without 'unsafe-inline' scripts", () => {
    const nonces = new Set<string>();

    /**
     * The page's CSP allows inline scripts only by this answer's nonce, carried by every script
     * element, or (a page from the page cache, the same bytes for everyone) only by the hashes of
     * exactly its inline scripts.
     */
    function expectStrictCsp(response: Response, html: string, label: string): void {
      const csp = response.headers.get("content-security-policy");
      expect(csp, label).toBeTruthy();
      const scripts = directive(csp!, "script-src");
      expect(scripts, label).not.toBeNull();
      const nonce = scripts!.map((s) => /^'nonce-([A-Za-z0-9+/=_-]+)'$/.exec(s)?.[1]).find(Boolean);
      const stored = ["hit", "miss", "stale"].includes(response.headers.get("x-page-cache") ?? "");
      for (const name of ["default-src", "script-src-elem", "script-src-attr"]) {
        expect(directive(csp!, name)?.join(" ") ?? "", `${label}: ${name}`).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
      }
      expect(directive(csp!, "object-src")).toEqual(["'none'"]);
      expect(directive(csp!, "base-uri")).toEqual(["'self'"]);
      if (stored) {
        expect(nonce, `${label}: a stored page with a nonce`).toBeUndefined();
      } else {
        expect(nonce, `${label}: script-src ${scripts!.join(" ")}`).toBeTruthy();
        for (const source of scripts!) expect(["'self'", `'nonce-${nonce}'`], `${label}: script-src ${source}`).toContain(source);
        // Every answer has its own nonce.
        expect(nonces.has(nonce!), `${label}: nonce reused`).toBe(false);
        nonces.add(nonce!);
      }

      const elements = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attributes: m[1]!, text: m[2]! }));
      expect(elements.length, `${label}: no scripts at all?`).toBeGreaterThan(0);
      const hashes = new Set<string>();
      for (const { attributes, text } of elements) {
        // Data blocks (JSON-LD for search engines) are never run, and CSP doesn't apply to them.
        if (/\stype="application\/(?:ld\+)?json"/.test(attributes)) continue;
        const src = /\ssrc="([^"]*)"/.exec(attributes)?.[1];
        const carried = /\snonce="([^"]*)"/.exec(attributes)?.[1];
        if (stored) expect(carried, `${label}: <script${attributes}> carries a nonce`).toBeUndefined();
        else if (src === undefined || carried !== undefined) expect(carried, `${label}: <script${attributes}>`).toBe(nonce);
        if (src !== undefined) expect(src.startsWith("/") && !src.startsWith("//"), `${label}: script from ${src}`).toBe(true);
        else hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
      }
      if (stored) expect([...scripts!].sort(), `${label}: script-src`).toEqual(["'self'", ...hashes].sort());
      // Nothing that would need 'unsafe-inline' for scripts: no handler attributes, no javascript: URLs.
      expect(html.match(/<[a-z][^<>]*\son[a-z]+\s*=/gi) ?? [], `${label}: inline event handlers`).toEqual([]);
      expect(html.match(/\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi) ?? [], `${label}: javascript: URLs`).toEqual([]);
    }

    async function check(pathname: string, cookie = "") {
      const response = await http(pathname, { cookie });
      const type = response.headers.get("content-type") ?? "";
      const html = await response.text();
      if (response.status >= 300 && response.status < 400) return { status: response.status, checked: false };
      expect(type, pathname).toMatch(/^text\/html/);
      expectStrictCsp(
        response,
        html,
        `${pathname}${cookie ? " (signed in)" : ""} [${response.status}, ${response.headers.get("x-page-cache") ?? "no cache"}]`,
      );
      return { status: response.status, checked: true, cache: response.headers.get("x-page-cache"), html };
    }

    test("every public page, for visitors (cached: twice) and for a signed-in member", async () => {
      expect(publicPages.length).toBeGreaterThanOrEqual(20);
      let checked = 0;
      const cacheStates = new Set<string | null>();
      for (const page of publicPages) {
        for (const cookie of ["", "", member.cookie]) {
          const result = await check(page.path, cookie);
          if (result.checked) {
            checked += 1;
            if (!cookie) cacheStates.add(result.cache ?? null);
          }
        }
      }
      expect(checked).toBeGreaterThanOrEqual(publicPages.length * 2);
      // Pages really came from the page cache (where the scripts are allowed by hash).
      expect(cacheStates.has("hit")).toBe(true);
    });

    test("pages with parameters, the not-found page, the auth pages and the settings page", async () => {
      const events = (await check("/events")).html ?? "";
      const sermons = (await check("/sermons")).html ?? "";
      const samples = [
        /href="(\/events\/[a-z0-9-]+)"/.exec(events)?.[1],
        /href="(\/sermons\/[a-z0-9-]+)"/.exec(sermons)?.[1],
        "/no-such-page-here",
        "/auth?tab=signup",
        "/auth/callback?type=magiclink&token=made-up",
        "/auth/reset-password?token=made-up",
        "/email/unsubscribe?token=made-up",
      ].filter((p): p is string => Boolean(p));
      expect(samples.length).toBeGreaterThanOrEqual(6);
      for (const pathname of samples) expect((await check(pathname)).checked, pathname).toBe(true);
      expect((await check("/settings", member.cookie)).checked).toBe(true);
      expect((await check("/settings?lang=es", member.cookie)).checked).toBe(true);
    });

    test("admin pages: the login page and the portal itself", async () => {
      for (const pathname of ["/admin/login", "/admin-test"]) expect((await check(pathname)).checked, pathname).toBe(true);
      for (const pathname of ["/admin", "/admin/users", "/admin/content", "/admin/session-update", "/admin/no-such-section"]) {
        expect((await check(pathname, admin.cookie)).checked, pathname).toBe(true);
      }
    });
  });

  describe("7. open redirects over HTTP", () => {
    const isLocal = (location: string | null) => isLocalLocation(location, site());

    test("odd paths never redirect off the site", async () => {
      for (const pathname of [
        "//evil.example/",
        "//evil.example/%2e%2e",
        "/\\evil.example",
        "/%5Cevil.example",
        "/%2F%2Fevil.example",
        "///evil.example/",
        "/media",
        "/icons",
        "/media//evil.example",
        "/gallery?next=//evil.example",
      ]) {
        const response = await http(pathname);
        await response.body?.cancel();
        expect(isLocal(response.headers.get("location")), `${pathname} → ${response.headers.get("location")}`).toBe(true);
      }
    });

    test("/auth/callback: a real link with hostile parameters lands on /auth/callback; a bad one answers without redirecting", async () => {
      const sent = await postForm("/auth", { intent: "magic-link", email: member.email });
      expect(sent.status).toBe(200);
      // Opened in the browser that asked (its link cookie: issue 32, item 8b).
      const asker = cookieJar("", sent.headers.getSetCookie());
      const link = callbackLink(await waitForEmlTo(dataDir, member.email, 1));
      for (const name of ["redirectTo", "next", "callbackURL", "errorCallbackURL", "returnTo"])
        link.searchParams.set(name, "//evil.example");
      const answer = await http(`${link.pathname}${link.search}`, { cookie: asker });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/auth/callback?done=magiclink");
      const again = await http(`${link.pathname}${link.search}`);
      expect(again.status).toBe(400);
      expect(again.headers.get("location")).toBeNull();
      const body = await again.text();
      expect(body).toContain(htmlEscape(enAuth.errors.linkInvalid));
      const spanish = await http(`${link.pathname}${link.search}&lang=es`);
      expect(await spanish.text()).toContain(htmlEscape(esAuth.errors.linkInvalid));
    });

    test("/auth?redirectTo=… (used after sign-in) never links off the site", async () => {
      for (const target of HOSTILE_TARGETS) {
        const response = await http(`/auth?redirectTo=${encodeURIComponent(target)}`, { cookie: member.cookie });
        expect(response.status, target).toBe(200);
        const html = await response.text();
        expect(html).toContain(htmlEscape(enAuth.callback.continue));
        const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => htmlDecode(m[1]!));
        for (const href of hrefs) {
          const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href);
          expect(
            absolute
              ? new URL(href).origin !== "https://evil.example" && !/^(?:javascript|data):/i.test(href)
              : isLocal(href) || href.startsWith("#"),
            `${target}: href ${href}`,
          ).toBe(true);
        }
      }
    });

    test("/admin/login?redirectTo=… sends a signed-in administrator only inside the portal, documents and data requests alike", async () => {
      for (const target of HOSTILE_TARGETS) {
        const query = `redirectTo=${encodeURIComponent(target)}`;
        const page = await http(`/admin/login?${query}`, { cookie: admin.cookie });
        await page.body?.cancel();
        expect(page.status, target).toBe(302);
        // (React Router resolves "/admin/../x" to "/x" on the way out: still this site.)
        expect(isLocal(page.headers.get("location")), `${target} → ${page.headers.get("location")}`).toBe(true);
        // A data request (client-side navigation) gets the redirect inside its turbo-stream body.
        const data = await http(`/admin/login.data?${query}`, { cookie: admin.cookie });
        const encoded = /"redirect","((?:[^"\\]|\\.)*)"/.exec(await data.text())?.[1];
        const redirect = encoded === undefined ? data.headers.get("x-remix-redirect") : (JSON.parse(`"${encoded}"`) as string);
        expect(redirect, `${target} (.data): no redirect`).toBeTruthy();
        expect(isLocal(redirect), `${target} (.data) → ${redirect}`).toBe(true);
      }
    });
  });

  describe("2 and 8, in the browser's terms", () => {
    test("the settings page offers 'Sign out everywhere' in both languages", async () => {
      const english = await (await http("/settings", { cookie: member.cookie })).text();
      expect(english).toMatch(/name="intent" value="signout-everywhere"/);
      expect(english).toContain(htmlEscape(enAuth.settings.signOutEverywhere));
      const spanish = await (await http("/settings?lang=es", { cookie: member.cookie })).text();
      expect(spanish).toContain(htmlEscape(esAuth.settings.signOutEverywhere));
      expect(esAuth.settings.signOutEverywhere).not.toBe(enAuth.settings.signOutEverywhere);
    });

    test("better-auth's own reset endpoints are not reachable (the flow runs through /auth/reset-password)", async () => {
      for (const pathname of ["/api/auth/request-password-reset", "/api/auth/reset-password", "/api/auth/forget-password"]) {
        const response = await http(pathname, {
          method: "POST",
          headers: { Origin: site(), "Content-Type": "application/json" },
          body: JSON.stringify({ email: member.email, redirectTo: "https://evil.example" }),
        });
        // Nothing answers there: the site's not-found route (405: it has no action).
        expect([404, 405], pathname).toContain(response.status);
        expect(response.headers.get("content-type") ?? "", pathname).not.toMatch(/json/);
        await response.body?.cancel();
      }
    });

    test("the reset flow over HTTP: the request page, the emailed link, the Spanish form (no-store, same-origin referrer, noindex), one use", async () => {
      const email = `http-reset-${backend.name}@example.test`;
      const newPassword = "http-new-passphrase-5";
      const signup = await postForm("/auth", {
        intent: "signup-email",
        fullName: "Lidia Http",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        username: "",
        phone: "",
      });
      expect(signup.status).toBe(200);
      const confirm = callbackLink(await waitForEmlTo(dataDir, email));
      const confirmed = await http(`${confirm.pathname}${confirm.search}`);
      expect(confirmed.status).toBe(302);
      const cookie = cookieJar("", confirmed.headers.getSetCookie());

      // The sign-in form's link without JavaScript: the request form on its own page.
      const form = await http("/auth/reset-password?lang=es");
      expect(form.status).toBe(200);
      expect(await form.text()).toContain(htmlEscape(esAuth.reset.requestTitle));
      const sent = await postForm("/auth/reset-password", { intent: "password-reset-request", email });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain(htmlEscape(enAuth.reset.sent));

      const link = resetPasswordLink(await waitForEmlTo(dataDir, email, 1));
      const page = await http(`${link.pathname}${link.search}&lang=es`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      // The page's own policy, instead of the site-wide one (one header, not two).
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
      const html = await page.text();
      expect(html).toContain(htmlEscape(esAuth.reset.newTitle));
      expect(html).toMatch(/<meta name="robots" content="noindex"/);

      const done = await postForm(`${link.pathname}${link.search}`, {
        intent: "password-reset",
        token: link.searchParams.get("token")!,
        password: newPassword,
        confirmPassword: newPassword,
      });
      expect(done.status).toBe(200);
      expect(done.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
      expect(await done.text()).toContain(htmlEscape(enAuth.reset.doneTitle));
      // The session from before the reset is over.
      const settings = await http("/settings", { cookie });
      await settings.body?.cancel();
      expect(settings.status).toBe(302);
      // The link is spent: the page says so in either language.
      const dead = await http(`${link.pathname}${link.search}`);
      expect(dead.status).toBe(400);
      expect(await dead.text()).toContain(htmlEscape(enAuth.errors.resetLinkInvalid));
      const deadEs = await http(`${link.pathname}${link.search}&lang=es`);
      expect(await deadEs.text()).toContain(htmlEscape(esAuth.errors.resetLinkInvalid));
      const signedIn = await postForm("/auth", { intent: "signin-email", email, password: newPassword });
      expect(signedIn.status).toBe(200);
      expect(cookieJar("", signedIn.headers.getSetCookie())).toContain("church.session_token=");
    });

    test("signing out everywhere over HTTP: the session cookie stops working at once", async () => {
      const second = await postForm("/auth", { intent: "signin-email", email: member.email, password: PASSWORD });
      expect(second.status).toBe(200);
      const other = cookieJar("", second.headers.getSetCookie());
      const out = await postForm("/auth", { intent: "signout-everywhere" }, other);
      expect(out.status).toBe(200);
      for (const cookie of [member.cookie, other]) {
        const next = await http("/settings", { cookie });
        await next.body?.cancel();
        expect(next.status).toBe(302);
        expect(next.headers.get("location")).toMatch(/^\/auth\?redirectTo=\/settings/);
      }
    });
  });
});

function htmlEscape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}
