import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminAuthAttempts, adminSessions, auditLog, profiles, sessions, users } from "~/db/schema";
import { ADMIN_COOKIE, createAdminSession, readAdminToken, validateAdminSession } from "~/platform/admin/admin-session.server";
import { createAdministrator } from "~/features/admin/create-administrator.server";
import { resolveAdminSession } from "~/platform/admin/resolve-admin-session.server";
import { getAuth } from "~/server/auth.server";
import { loader as callbackLoader } from "~/routes/admin/auth-callback";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as sessionAction } from "~/routes/admin/session-update";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";
import { secretFromOtpauth, totp, unusedTotp } from "../support/totp";

const PASSWORD = "a-long-admin-passphrase";

describeOnBackend("admin sign-in", (backend) => {
  let h: AdminHarness;
  let db: AdminHarness["database"]["handle"]["db"];
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
  });
  afterAll(async () => {
    await h?.close();
  });

  let counter = 0;
  async function newAdmin(scopes: string[] = ["admin:*"]) {
    const email = `signin-${++counter}-${backend.name}@example.test`;
    const { userId } = await createAdministrator({
      db,
      auth: getAuth(),
      input: { email, password: PASSWORD, name: `Admin ${counter}`, scopes },
    });
    return { email, userId };
  }

  /** A browser: keeps cookies between calls. */
  function browser(ip = `203.0.113.${(counter % 200) + 1}`) {
    let cookie = "";
    return {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = value;
      },
      async post(form: Record<string, string>, fn: typeof loginAction = loginAction, path = "/admin/login") {
        const result = await h.call(fn as never, { path, cookie, form, ip });
        cookie = cookieJar(cookie, result.headers.getSetCookie());
        return result;
      },
      async get(fn: typeof loginLoader | typeof callbackLoader, path: string) {
        const result = await h.call(fn as never, { path, cookie, ip });
        cookie = cookieJar(cookie, result.headers.getSetCookie());
        return result;
      },
      adminToken: () => readAdminToken(cookie),
    };
  }

  async function enrol(email: string) {
    const b = browser();
    const first = await b.post({ intent: "password", email, password: PASSWORD });
    expect(first.status).toBe(200);
    const body = first.body as { step: string; enrolment: { totpUri: string; backupCodes: string[]; secret: string } };
    expect(body.step).toBe("enrol");
    expect(body.enrolment.secret.replace(/\s/g, "")).toBe(secretFromOtpauth(body.enrolment.totpUri));
    expect(b.adminToken()).toBeNull();
    const secret = secretFromOtpauth(body.enrolment.totpUri);
    const confirmed = await b.post({
      intent: "enrol-confirm",
      code: await unusedTotp(secret),
      totpUri: body.enrolment.totpUri,
      backupCodes: body.enrolment.backupCodes.join(" "),
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as { step: string; backupCodes: string[] }).backupCodes).toEqual(body.enrolment.backupCodes);
    return { browser: b, secret, backupCodes: body.enrolment.backupCodes };
  }

  test("first sign-in: password, then enrolment with a QR key; the confirmed code opens the portal", async () => {
    const { email, userId } = await newAdmin();
    const { browser: b } = await enrol(email);
    const token = b.adminToken();
    expect(token).toBeTruthy();
    const validated = await validateAdminSession({ db, token: token! });
    expect(validated?.admin).toMatchObject({ userId, email, roles: ["admin"], scopes: ["admin:*"] });
    // The member session that came with it began with the second factor.
    const rows = await db.select({ verified: sessions.twoFactorVerified }).from(sessions).where(eq(sessions.userId, userId));
    expect(rows.some((r) => r.verified)).toBe(true);
    const [user] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
    expect(user?.on).toBe(true);
  });

  test("later sign-ins ask for the code; a wrong code is refused with '2FA verification failed'; a backup code works once", async () => {
    const { email } = await newAdmin();
    const { secret, backupCodes } = await enrol(email);

    const b = browser();
    const first = await b.post({ intent: "password", email, password: PASSWORD });
    expect((first.body as { step: string }).step).toBe("code");
    expect(b.adminToken()).toBeNull();
    const wrong = await b.post({ intent: "code", code: totp(secret, { at: Date.now() - 10 * 60_000 }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ title: "login.errors.twoFactorFailed", error: { key: "login.errors.invalidCode" } });
    const right = await b.post({ intent: "code", code: await unusedTotp(secret) });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/admin");
    expect(b.adminToken()).toBeTruthy();

    for (const expected of [303, 400]) {
      const c = browser();
      await c.post({ intent: "password", email, password: PASSWORD });
      const result = await c.post({ intent: "code", code: backupCodes[0]! });
      expect(result.status).toBe(expected);
    }
    const attempts = await db.select().from(adminAuthAttempts).where(eq(adminAuthAttempts.email, email));
    expect(attempts.some((a) => a.success && a.method === "two-factor")).toBe(true);
  });

  test("wrong passwords, unknown addresses and non-administrators get the same 'Authentication failed'; every attempt is logged", async () => {
    const { email } = await newAdmin();
    const b = browser("203.0.113.250");
    const wrong = await b.post({ intent: "password", email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ title: "login.errors.authenticationFailed", error: { key: "login.errors.invalidCredentials" } });

    const unknown = await b.post({ intent: "password", email: `nobody-${backend.name}@example.test`, password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);

    // A confirmed member who is not an administrator, with the right password: refused, and not signed in.
    const member = `member-${backend.name}@example.test`;
    const ctx = await getAuth().$context;
    const created = await ctx.internalAdapter.createUser({ email: member, name: "Member", emailVerified: true }, { method: "admin" });
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await ctx.password.hash(PASSWORD),
    });
    const notAdmin = await b.post({ intent: "password", email: member, password: PASSWORD });
    expect(notAdmin.status).toBe(401);
    expect(notAdmin.body).toEqual(wrong.body);
    expect(b.cookie).not.toContain("session_token");

    const logged = await db.select().from(adminAuthAttempts).where(eq(adminAuthAttempts.ipAddress, "203.0.113.250"));
    expect(logged.map((a) => a.failureReason).sort()).toEqual(["invalid_email_or_password", "not an administrator", "unknown email"]);
    expect(logged.every((a) => !a.success && a.userAgent === null)).toBe(true);
  });

  test("five failures from one address lock the account there for a while, even for the right password; not from another address", async () => {
    const { email } = await newAdmin();
    for (let i = 0; i < 5; i++) {
      const result = await browser("198.18.0.1").post({ intent: "password", email, password: `wrong-${i}-password` });
      expect(result.status).toBe(401);
    }
    const locked = await browser("198.18.0.1").post({ intent: "password", email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: { key: "login.errors.locked" } });
    // Issue 32, item 8c: a stranger's wrong passwords don't keep the administrator out.
    expect((await browser("198.18.0.99").post({ intent: "password", email, password: PASSWORD })).status).toBe(200);
    const [row] = await db
      .select()
      .from(adminAuthAttempts)
      .where(and(eq(adminAuthAttempts.email, email), eq(adminAuthAttempts.failureReason, "account locked")));
    expect(row).toBeTruthy();
  });

  test("one IP address is limited across accounts", async () => {
    const b = browser("198.19.0.1");
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await b.post({ intent: "password", email: `spray-${i}@example.test`, password: "whatever-password" })).status;
    }
    expect(last).toBe(429);
  });

  test("the admin magic link signs in to the site, then the portal asks for the code", async () => {
    const { email } = await newAdmin();
    const { secret } = await enrol(email);
    const b = browser();
    const sent = await b.post({ intent: "magic-link", email });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ notice: { key: "login.magicLinkSent" } });
    const mail = await h.waitForMail(email);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/admin\/auth\/callback\?[^\s"<>]+/)?.[0].replaceAll("&amp;", "&");
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const callback = await b.get(callbackLoader, `${url.pathname}${url.search}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/admin/login");
    const page = await b.get(loginLoader, "/admin/login");
    expect(page.body).toMatchObject({ step: "code" });
    expect(b.adminToken()).toBeNull();
    const done = await b.post({ intent: "code", code: await unusedTotp(secret) });
    expect(done.status).toBe(303);
    expect(b.adminToken()).toBeTruthy();
    // The link works once.
    const again = await browser().get(callbackLoader, `${url.pathname}${url.search}`);
    expect(again.headers.get("location")).toBe("/admin/login?error=link");
    // An address that isn't an administrator's gets the same answer and no mail.
    const other = await browser().post({ intent: "magic-link", email: `stranger-${backend.name}@example.test` });
    expect(other.body).toEqual(sent.body);
  });

  test("automatic admin session: only for an administrator whose member session began with two-factor", async () => {
    const { email, userId } = await newAdmin(["content"]);
    const { browser: enrolled } = await enrol(email);
    // The member cookie alone (no admin cookie), as after the admin session expired.
    const memberOnly = enrolled.cookie
      .split("; ")
      .filter((c) => !c.startsWith(`${ADMIN_COOKIE}=`))
      .join("; ");
    const request = (cookie: string) => new Request(`${PUBLIC_URL}/admin`, { headers: { cookie } });
    const automatic = await resolveAdminSession({ db, request: request(memberOnly), https: false });
    expect(automatic.validated?.admin.scopes).toEqual(["content"]);
    expect(automatic.validated?.session.method).toBe("member-session");

    // An invalid stored token is removed, and the same automatic attempt is made.
    const replaced = await resolveAdminSession({ db, request: request(`${memberOnly}; ${ADMIN_COOKIE}=forged`), https: false });
    expect(replaced.setCookies[0]).toMatch(new RegExp(`^${ADMIN_COOKIE}=; .*Max-Age=0`));
    expect(replaced.validated?.admin.userId).toBe(userId);

    // A member session without the second factor (password-only sign-in is impossible for an
    // enrolled admin, so mark it by hand): nothing automatic.
    await db.update(sessions).set({ twoFactorVerified: false }).where(eq(sessions.userId, userId));
    const none = await resolveAdminSession({ db, request: request(memberOnly), https: false });
    expect(none.validated).toBeNull();
    // No member session at all: nothing.
    expect((await resolveAdminSession({ db, request: request(""), https: false })).validated).toBeNull();
  });

  test("automatic admin session: only within 8 hours of the member session's second factor; renewing the member session doesn't extend that (issue 32, item 2)", async () => {
    const { email, userId } = await newAdmin(["admin:*"]);
    const { browser: b, secret } = await enrol(email);
    // The member cookie alone, as a member signed in on the site keeps it ("remember me": the
    // admin sign-in's don't-remember cookie would stop better-auth renewing the session).
    const memberOnly = () =>
      b.cookie
        .split("; ")
        .filter((c) => !c.startsWith(`${ADMIN_COOKIE}=`) && !/dont_remember=/.test(c))
        .join("; ");
    const resolve = () =>
      resolveAdminSession({ db, request: new Request(`${PUBLIC_URL}/admin`, { headers: { cookie: memberOnly() } }), https: false });
    // The attack's stand-in for 8 hours passing: every admin session of the account has expired.
    const expireAdminSessions = () =>
      db
        .update(adminSessions)
        .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(adminSessions.userId, userId));
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);
    const day = 24 * 60 * 60_000;

    // 9 hours after the code, with a member session due for renewal (better-auth renews it on
    // this very request): no admin session, however fresh the member session is.
    await expireAdminSessions();
    const nineHoursAgo = hoursAgo(9);
    await db
      .update(sessions)
      .set({
        createdAt: nineHoursAgo,
        updatedAt: nineHoursAgo,
        twoFactorVerifiedAt: nineHoursAgo,
        expiresAt: new Date(Date.now() + 29 * day - 60_000),
      })
      .where(eq(sessions.userId, userId));
    const expired = await resolve();
    expect(expired.validated).toBeNull();
    expect(expired.token).toBeNull();
    const [renewed] = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    expect(renewed!.twoFactorVerifiedAt).toEqual(nineHoursAgo);
    // The renewal didn't reopen it: the next request makes none either.
    expect((await resolve()).validated).toBeNull();
    const live = await db
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.userId, userId), gt(adminSessions.absoluteExpiresAt, new Date())));
    expect(live).toEqual([]);

    // The portal asks for the code instead; the code opens it and starts a new 8-hour window.
    const page = await b.get(loginLoader, "/admin/login");
    expect(page.body).toMatchObject({ step: "code" });
    const done = await b.post({ intent: "code", code: await unusedTotp(secret) });
    expect(done.status).toBe(303);
    const [proven] = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(proven!.twoFactorVerifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await expireAdminSessions();
    expect((await resolve()).validated?.session.method).toBe("member-session");

    // 7 hours after the code: an automatic session, ending 8 hours after the code, not 8 from now.
    await expireAdminSessions();
    await db
      .update(sessions)
      .set({ twoFactorVerifiedAt: hoursAgo(7) })
      .where(eq(sessions.userId, userId));
    const late = await resolve();
    expect(late.validated?.session.method).toBe("member-session");
    expect(late.validated!.session.absoluteExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 5_000);
    expect(late.validated!.session.expiresAt.getTime()).toBeLessThanOrEqual(late.validated!.session.absoluteExpiresAt.getTime());

    // A session marked two-factor before the moment was stored (rows from before migration 0012): code again.
    await expireAdminSessions();
    await db.update(sessions).set({ twoFactorVerifiedAt: null }).where(eq(sessions.userId, userId));
    expect((await resolve()).validated).toBeNull();
  });

  test("sessions expire (idle and absolute), slide with use, end at logout, and end when the account stops being an administrator", async () => {
    const { userId } = await newAdmin();
    const a = await createAdminSession({ db, userId, method: "sign-in" });
    expect(await validateAdminSession({ db, token: a.token })).not.toBeNull();

    // Sliding: a session last seen 10 minutes ago moves its idle expiry forward, never past the absolute limit.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await db
      .update(adminSessions)
      .set({ lastSeenAt: tenMinutesAgo, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(adminSessions.id, a.session.id));
    const slid = await validateAdminSession({ db, token: a.token });
    expect(slid!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(slid!.session.expiresAt.getTime()).toBeLessThanOrEqual(slid!.session.absoluteExpiresAt.getTime());

    await db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.id, a.session.id));
    expect(await validateAdminSession({ db, token: a.token })).toBeNull();

    const b = await createAdminSession({ db, userId, method: "sign-in" });
    await db
      .update(adminSessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.id, b.session.id));
    expect(await validateAdminSession({ db, token: b.token })).toBeNull();

    // Logout clears the cookie and revokes the session server-side.
    const c = await createAdminSession({ db, userId, method: "sign-in" });
    const logout = await h.call(sessionAction as never, {
      path: "/admin/session-update",
      cookie: `${ADMIN_COOKIE}=${c.token}`,
      form: { intent: "logout" },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe("/admin/login");
    expect(logout.headers.get("set-cookie")).toMatch(new RegExp(`^${ADMIN_COOKIE}=; .*Max-Age=0`));
    expect(await validateAdminSession({ db, token: c.token })).toBeNull();

    // Disabled account: no admin session validates.
    const d = await createAdminSession({ db, userId, method: "sign-in" });
    await db.update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.id, userId));
    expect(await validateAdminSession({ db, token: d.token })).toBeNull();
  });

  test("session-update: revoke another session, revoke all others, extend with a fresh code", async () => {
    const { email, userId } = await newAdmin();
    const { secret, browser: b } = await enrol(email);
    const other1 = await createAdminSession({ db, userId, method: "sign-in" });
    const other2 = await createAdminSession({ db, userId, method: "sign-in" });
    const cookie = `${ADMIN_COOKIE}=${b.adminToken()}`;
    const revoke = await h.call(sessionAction as never, {
      path: "/admin/session-update",
      cookie,
      form: { intent: "revoke", sessionId: other1.session.id },
    });
    expect(revoke.status).toBe(200);
    expect(await validateAdminSession({ db, token: other1.token })).toBeNull();
    expect(await validateAdminSession({ db, token: other2.token })).not.toBeNull();
    await h.call(sessionAction as never, { path: "/admin/session-update", cookie, form: { intent: "revoke-others" } });
    expect(await validateAdminSession({ db, token: other2.token })).toBeNull();
    expect(await validateAdminSession({ db, token: b.adminToken()! })).not.toBeNull();

    const badCode = await h.call(sessionAction as never, {
      path: "/admin/session-update",
      cookie,
      form: { intent: "extend", code: "000000" },
    });
    expect(badCode.status).toBe(400);
    const [before] = await db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, (await import("~/platform/admin/admin-session.server")).hashAdminToken(b.adminToken()!)));
    await db
      .update(adminSessions)
      .set({ absoluteExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(adminSessions.id, before!.id));
    const extended = await h.call(sessionAction as never, {
      path: "/admin/session-update",
      cookie,
      form: { intent: "extend", code: await unusedTotp(secret) },
    });
    expect(extended.status).toBe(200);
    const after = await validateAdminSession({ db, token: b.adminToken()! });
    expect(after!.session.absoluteExpiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * 60 * 60_000);
  });

  test("admin:create updates an existing administrator, refuses weak input, and audits", async () => {
    const { email, userId } = await newAdmin(["content"]);
    await createAdministrator({ db, auth: getAuth(), input: { email, name: "Renamed", scopes: ["content", "email"] } });
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, userId));
    expect(entries.map((e) => e.action).sort()).toEqual(["admin.create", "admin.update"]);
    expect(entries.find((e) => e.action === "admin.update")?.after).toMatchObject({ scopes: ["content", "email"], passwordChanged: false });
    await expect(
      createAdministrator({ db, auth: getAuth(), input: { email: "x@example.test", password: "short", name: "X" } }),
    ).rejects.toThrow(/at least 10/);
    await expect(
      createAdministrator({ db, auth: getAuth(), input: { email: "y@example.test", password: PASSWORD, name: "Y", scopes: ["root"] } }),
    ).rejects.toThrow(/unknown scope/);
    await expect(createAdministrator({ db, auth: getAuth(), input: { email: "z@example.test", name: "Z" } })).rejects.toThrow(
      /--password is required/,
    );
  });
});
