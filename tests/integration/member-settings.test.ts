import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts, profiles, sessions, userRoles, users } from "~/db/schema";
import { createMemberProfile } from "~/platform/auth/create-member-profile.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { authTranslator } from "~/features/auth/auth-translation";
import { action, loader } from "~/routes/member/settings";
import { authCallContext, createAuth, getAuth, setAuth, type AuthNotifier } from "~/server/auth.server";
import { setDatabase, type AppDatabase } from "~/server/db.server";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend, openMigrated, type TestDatabase } from "../support/test-database";
import { decodeBase32, hotp, totp } from "../support/totp";

const en = authTranslator("en");
const PASSWORD = "grace-and-peace-7";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";

type Call = { kind: keyof AuthNotifier; to: string; code?: string };

/** better-auth's callbacks, recorded instead of sent; a new user still gets their profile. */
function recordingNotifier(db: AppDatabase, calls: Call[]): AuthNotifier {
  return {
    async confirmEmail({ email }) {
      calls.push({ kind: "confirmEmail", to: email });
    },
    async magicLink({ email }) {
      calls.push({ kind: "magicLink", to: email });
    },
    async passwordReset({ email }) {
      calls.push({ kind: "passwordReset", to: email });
    },
    async smsCode({ phoneNumber, code }) {
      calls.push({ kind: "smsCode", to: phoneNumber, code });
    },
    async userDeleting({ id }) {
      calls.push({ kind: "userDeleting", to: id });
    },
    async userCreated({ id, name, email, phoneNumber }) {
      calls.push({ kind: "userCreated", to: email });
      const signup = authCallContext.getStore()?.signup;
      await createMemberProfile({
        db,
        userId: id,
        fullName: signup?.fullName ?? name,
        email,
        phone: phoneNumber,
        language: "en",
        username: signup?.username || undefined,
      });
    },
  };
}

interface Answer {
  status: number;
  location: string | null;
  data: unknown;
  headers: Headers;
  /** The member's cookie after applying the answer's Set-Cookie headers. */
  cookie: string;
}

/** Runs a loader/action result (a Response, thrown or returned, or `data()`) into one shape. */
async function settle(run: () => Promise<unknown>, cookie: string): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("location"),
      data: null,
      headers: result.headers,
      cookie: cookieJar(cookie, result.headers.getSetCookie()),
    };
  }
  const wrapped = result as { data: unknown; init: ResponseInit | null };
  const headers = new Headers(wrapped.init?.headers);
  return {
    status: wrapped.init?.status ?? 200,
    location: null,
    data: wrapped.data,
    headers,
    cookie: cookieJar(cookie, headers.getSetCookie()),
  };
}

type Refusal = {
  ok: false;
  intent: string | null;
  error: { key: Parameters<typeof en>[0]; values?: Record<string, string | number> };
  field?: string;
  values?: Record<string, string>;
  enrolment?: Enrolment | null;
};
type Enrolment = { totpUri: string; qrCode: string; secret: string; backupCodes: string[] };

describeOnBackend("member settings", (backend) => {
  let database: TestDatabase;
  let db: AppDatabase;
  const calls: Call[] = [];
  let counter = 0;

  beforeAll(async () => {
    database = await openMigrated(backend);
    db = database.handle.db;
    setDatabase(database.handle);
    setAuth(createAuth({ db, publicUrl: PUBLIC_URL, secret: "x".repeat(32), notifier: recordingNotifier(db, calls) }));
  });
  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await database?.dispose();
  });

  async function signIn(email: string, password = PASSWORD, userAgent = ANDROID_CHROME) {
    const result = await getAuth().api.signInEmail({
      body: { email, password },
      headers: new Headers({ "user-agent": userAgent }),
      returnHeaders: true,
    });
    return {
      response: result.response as { twoFactorRedirect?: boolean; token?: string },
      cookie: cookieJar(undefined, result.headers.getSetCookie()),
    };
  }

  /** A confirmed member, signed in: signs up through better-auth, then marks the email verified. */
  async function createMember(options: { userAgent?: string } = {}) {
    counter += 1;
    const tag = `${counter}${randomBytes(3).toString("hex")}`;
    const email = `settings${tag}@example.test`;
    const username = `member${tag}`;
    await authCallContext.run({ language: "en", signup: { fullName: "Ana Reyes", username, displayName: "Ana Reyes", phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name: "Ana Reyes", email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { cookie } = await signIn(email, PASSWORD, options.userAgent);
    return { id: user!.id, email, username, cookie };
  }

  function post(cookie: string, fields: Record<string, string>, contentType = "application/x-www-form-urlencoded") {
    const body = contentType.includes("json") ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const request = new Request(`${PUBLIC_URL}/settings`, {
      method: "POST",
      headers: { cookie, "content-type": contentType, "user-agent": ANDROID_CHROME },
      body,
    });
    return settle(() => action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]), cookie);
  }

  function load(cookie: string, search = "") {
    const request = new Request(`${PUBLIC_URL}/settings${search}`, { headers: { cookie } });
    return settle(() => loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]), cookie);
  }

  async function settingsOf(cookie: string) {
    const answer = await load(cookie);
    expect(answer.status).toBe(200);
    return answer.data as Awaited<ReturnType<typeof loader>>["data"];
  }

  async function isSignedIn(cookie: string): Promise<boolean> {
    const request = new Request(`${PUBLIC_URL}/`, { headers: { cookie } });
    return (await getCurrentMember({ db, request })) !== null;
  }

  function refusal(answer: Answer): Refusal {
    expect(answer.location).toBeNull();
    const data = answer.data as Refusal;
    expect(data.ok).toBe(false);
    return data;
  }

  test("the test TOTP matches RFC 6238's SHA-1 vectors", () => {
    const key = decodeBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(key.toString()).toBe("12345678901234567890");
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", { at: 59_000, digits: 8 })).toBe("94287082");
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", { at: 1_111_111_109_000, digits: 8 })).toBe("07081804");
    expect(hotp(key, 0)).toBe("755224");
  });

  describe("the page", () => {
    test("signed out: redirects to sign in, and a post does too", async () => {
      const page = await load("");
      expect(page.status).toBe(302);
      expect(page.location).toBe("/auth?redirectTo=/settings");
      const posted = await post("", { intent: "update-profile" });
      expect(posted.status).toBe(303);
      expect(posted.location).toBe("/auth?redirectTo=/settings");
    });

    test("shows the profile, password and 2FA state and the sessions, never a token", async () => {
      const member = await createMember();
      const other = await signIn(member.email, PASSWORD, MAC_FIREFOX);
      const page = await load(member.cookie);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      const settings = page.data as Awaited<ReturnType<typeof loader>>["data"];
      expect(settings).toMatchObject({
        title: "Account Settings",
        email: member.email,
        profile: { fullName: "Ana Reyes", displayName: "Ana Reyes", username: member.username, phone: "", preferredLanguage: "en" },
        hasPassword: true,
        twoFactorEnabled: false,
      });
      expect(settings.sessions).toHaveLength(2);
      expect(settings.sessions[0]).toMatchObject({ current: true, device: { browser: "Chrome", os: "Android" } });
      expect(settings.sessions[1]).toMatchObject({ current: false, device: { browser: "Firefox", os: "macOS" } });
      expect(settings.sessions[0]!.signedInText).toMatch(/\d/);
      const tokens = await db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, member.id));
      const json = JSON.stringify(settings);
      for (const { token } of tokens) expect(json).not.toContain(token);
      expect(json).not.toContain(other.response.token);
    });

    test("an unknown intent or an unreadable body is a 400, not a 500", async () => {
      const member = await createMember();
      for (const answer of [
        await post(member.cookie, { intent: "make-admin" }),
        await post(member.cookie, {}),
        await post(member.cookie, { intent: "update-profile" }, "text/plain"),
        // PostgreSQL refuses a NUL in text: it must never get that far.
        await post(member.cookie, { intent: "update-profile", fullName: "Ana\u0000", username: member.username, preferredLanguage: "en" }),
        await post(member.cookie, { intent: "revoke-session", sessionId: "abc\u0000" }, "application/json"),
      ]) {
        expect(answer.status).toBe(400);
        expect(refusal(answer).error.key).toBe("errors.invalidRequest");
      }
    });
  });

  describe("update-profile", () => {
    const profileFields = (over: Record<string, string> = {}) => ({
      intent: "update-profile",
      fullName: "  Ana   María Reyes ",
      displayName: "Ana",
      username: "Ana.Maria",
      phone: "(555) 555-0123",
      preferredLanguage: "es",
      ...over,
    });

    test("saves names, username, phone and language; the account name follows", async () => {
      const member = await createMember();
      const answer = await post(member.cookie, profileFields({ username: `Ana.${member.username}` }));
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/settings?done=profile#profile");
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(profile).toMatchObject({
        fullName: "Ana María Reyes",
        displayName: "Ana",
        username: `ana.${member.username}`,
        phone: "+15555550123",
        preferredLanguage: "es",
      });
      const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
      expect(user!.name).toBe("Ana María Reyes");
      expect(await isSignedIn(answer.cookie)).toBe(true);
      // The page after the redirect shows the profile as saved (read with the session).
      expect((await settingsOf(answer.cookie)).profile).toMatchObject({
        fullName: "Ana María Reyes",
        displayName: "Ana",
        username: `ana.${member.username}`,
        phone: "+15555550123",
        preferredLanguage: "es",
      });

      // Keeping one's own username, clearing the phone and display name.
      const again = await post(answer.cookie, profileFields({ username: `ana.${member.username}`, phone: "", displayName: " " }));
      expect(again.status).toBe(303);
      const [after] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(after).toMatchObject({ phone: null, displayName: null, username: `ana.${member.username}` });
    });

    test.each([
      [{ fullName: "   " }, "errors.fullNameRequired", "fullName"],
      [{ fullName: "A".repeat(201) }, "errors.fieldTooLong", "fullName"],
      [{ displayName: "A".repeat(201) }, "errors.fieldTooLong", "displayName"],
      [{ username: "" }, "errors.usernameRequired", "username"],
      [{ username: "no spaces" }, "errors.invalidUsername", "username"],
      [{ username: "ab" }, "errors.invalidUsername", "username"],
      [{ phone: "12" }, "errors.invalidPhone", "phone"],
      [{ phone: "call me" }, "errors.invalidPhone", "phone"],
    ])("refuses %o with %s on the field, and sends the form back", async (over, key, field) => {
      const member = await createMember();
      const answer = await post(member.cookie, profileFields({ username: member.username, ...over }));
      expect(answer.status).toBe(400);
      const data = refusal(answer);
      expect(data).toMatchObject({ intent: "update-profile", error: { key }, field });
      expect(data.values).toMatchObject({ preferredLanguage: "es", ...over });
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(profile!.fullName).toBe("Ana Reyes");
    });

    test("a username keeps the name's accents, as the spec's lower-casing does", async () => {
      const member = await createMember();
      const username = `José.${member.username}`;
      expect((await post(member.cookie, profileFields({ username }))).status).toBe(303);
      const [profile] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, member.id));
      expect(profile!.username).toBe(username.toLowerCase());
    });

    test("refuses another member's username", async () => {
      const first = await createMember();
      const second = await createMember();
      const answer = await post(second.cookie, profileFields({ username: first.username.toUpperCase() }));
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toMatchObject({ error: { key: "errors.usernameTaken" }, field: "username" });
      expect(en("errors.usernameTaken")).toBe("That username is taken. Please choose another.");
    });

    test("10 kB fields and unknown languages are refused with a 4xx, never a 500", async () => {
      const member = await createMember();
      const huge = "x".repeat(10 * 1024);
      const overrides: Record<string, string>[] = [
        { fullName: huge },
        { username: huge },
        { phone: huge },
        { displayName: huge },
        { preferredLanguage: "fr" },
      ];
      for (const over of overrides) {
        const answer = await post(member.cookie, profileFields(over));
        expect(answer.status).toBe(400);
        expect(refusal(answer).error.key).toBe("errors.invalidRequest");
      }
      // Just under the request limit, the field's own rule answers.
      const long = await post(member.cookie, profileFields({ username: member.username, fullName: "y".repeat(9_999) }));
      expect(refusal(long)).toMatchObject({ error: { key: "errors.fieldTooLong" }, field: "fullName" });
    });
  });

  describe("a phone for signing in", () => {
    test("a texted code confirms the profile's number; then phone + password signs in; another member can't take it", async () => {
      const member = await createMember();
      const phone = `+1555${String(3_000_000 + counter).slice(-7)}`;
      expect((await settingsOf(member.cookie)).signInPhone).toBeNull();

      const sent = await post(member.cookie, { intent: "send-phone-code", phone });
      expect(sent).toMatchObject({ status: 200, data: { ok: true, intent: "send-phone-code", phone } });
      const code = calls.filter((c) => c.kind === "smsCode" && c.to === phone).at(-1)?.code;
      expect(code).toMatch(/^\d{6}$/);

      const wrong = await post(member.cookie, { intent: "verify-phone", phone, code: code === "000000" ? "111111" : "000000" });
      expect(refusal(wrong).error.key).toBe("errors.invalidCode");
      const right = await post(member.cookie, { intent: "verify-phone", phone, code: code! });
      expect(right).toMatchObject({ status: 303, location: "/settings?done=phone-verified#profile" });
      expect((await settingsOf(right.cookie)).signInPhone).toBe(phone);
      const byPhone = await getAuth().api.signInPhoneNumber({ body: { phoneNumber: phone, password: PASSWORD } });
      expect(byPhone.user.id).toBe(member.id);

      const other = await createMember();
      const taken = await post(other.cookie, { intent: "send-phone-code", phone });
      expect(refusal(taken)).toMatchObject({ error: { key: "errors.phoneInUse" }, field: "phone" });
      expect(en("errors.phoneInUse")).toBe("That number is already used to sign in to another account.");
    });

    test("bad numbers and codes are refused with a message", async () => {
      const member = await createMember();
      expect(refusal(await post(member.cookie, { intent: "send-phone-code", phone: "12" })).error.key).toBe("errors.invalidPhone");
      expect(refusal(await post(member.cookie, { intent: "verify-phone", phone: "+15555550100", code: "" })).error.key).toBe(
        "errors.codeRequired",
      );
      expect(
        refusal(await post(member.cookie, { intent: "verify-phone", phone: "+15555550100", code: "x".repeat(10_001) })).error.key,
      ).toBe("errors.invalidRequest");
    });
  });

  describe("passwords", () => {
    const change = (over: Record<string, string> = {}) => ({
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "steadfast-hope-42",
      confirmPassword: "steadfast-hope-42",
      ...over,
    });

    test.each([
      [{ currentPassword: "" }, "errors.currentPasswordRequired", "currentPassword"],
      [{ currentPassword: "not-my-password" }, "errors.wrongPassword", "currentPassword"],
      [{ newPassword: "password1", confirmPassword: "password1" }, "errors.passwordTooCommon", "newPassword"],
      [{ confirmPassword: "steadfast-hope-43" }, "errors.passwordsDoNotMatch", "confirmPassword"],
      [{ newPassword: "abc", confirmPassword: "abc" }, "errors.passwordTooShort", "newPassword"],
      [{ newPassword: "a".repeat(129), confirmPassword: "a".repeat(129) }, "errors.passwordTooLong", "newPassword"],
    ])("change-password refuses %o", async (over, key, field) => {
      const member = await createMember();
      const answer = await post(member.cookie, change(over));
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toMatchObject({ intent: "change-password", error: { key }, field });
      expect((await signIn(member.email)).response.token).toBeTruthy();
    });

    test("change-password: the old password stops working, the new one works, other devices are signed out", async () => {
      const member = await createMember();
      const laptop = await signIn(member.email, PASSWORD, MAC_FIREFOX);
      const answer = await post(member.cookie, change());
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/settings?done=password-changed#password");
      // This device has a new session cookie; the old session and the laptop's are gone.
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("church.session_token="))).toBe(true);
      expect(await isSignedIn(answer.cookie)).toBe(true);
      expect(await isSignedIn(member.cookie)).toBe(false);
      expect(await isSignedIn(laptop.cookie)).toBe(false);
      await expect(signIn(member.email, PASSWORD)).rejects.toThrow();
      expect((await signIn(member.email, "steadfast-hope-42")).response.token).toBeTruthy();
    });

    test("set-password for a member without one; change-password is then the way", async () => {
      const member = await createMember();
      await db.update(accounts).set({ password: null }).where(eq(accounts.userId, member.id));
      expect((await settingsOf(member.cookie)).hasPassword).toBe(false);
      expect(refusal(await post(member.cookie, change())).error.key).toBe("errors.invalidRequest");

      const common = await post(member.cookie, { intent: "set-password", newPassword: "123456", confirmPassword: "123456" });
      expect(refusal(common)).toMatchObject({ error: { key: "errors.passwordTooCommon" }, field: "newPassword" });
      const answer = await post(member.cookie, {
        intent: "set-password",
        newPassword: "quiet-waters-9",
        confirmPassword: "quiet-waters-9",
      });
      expect(answer.location).toBe("/settings?done=password-set#password");
      expect((await settingsOf(answer.cookie)).hasPassword).toBe(true);
      expect((await signIn(member.email, "quiet-waters-9")).response.token).toBeTruthy();
      const twice = await post(answer.cookie, { intent: "set-password", newPassword: "other-waters-9", confirmPassword: "other-waters-9" });
      expect(refusal(twice).error.key).toBe("errors.invalidRequest");
    });

    test("five wrong passwords lock the password checks for the member (429), whatever the intent", async () => {
      const member = await createMember();
      for (let i = 0; i < 5; i++) {
        const answer = await post(member.cookie, change({ currentPassword: `wrong-${i}-password` }));
        expect(refusal(answer).error.key).toBe("errors.wrongPassword");
      }
      const locked = await post(member.cookie, change());
      expect(locked.status).toBe(429);
      expect(refusal(locked).error.key).toMatch(/^errors\.rateLimited/);
      const deleting = await post(member.cookie, { intent: "delete-account", confirmation: "DELETE", password: PASSWORD });
      expect(deleting.status).toBe(429);
      expect(await isSignedIn(member.cookie)).toBe(true);
      // Another member is not affected.
      const other = await createMember();
      expect((await post(other.cookie, change())).status).toBe(303);
    });
  });

  describe("two-factor authentication", () => {
    test("enrol with a code we compute, sign-in then asks for it, and turn it off", async () => {
      const member = await createMember();
      const noPassword = await post(member.cookie, { intent: "enable-two-factor" });
      expect(refusal(noPassword)).toMatchObject({ error: { key: "errors.passwordRequired" }, field: "password" });
      const wrong = await post(member.cookie, { intent: "enable-two-factor", password: "not-my-password" });
      expect(refusal(wrong)).toMatchObject({ error: { key: "errors.wrongPassword" }, field: "password" });

      const enabled = await post(member.cookie, { intent: "enable-two-factor", password: PASSWORD });
      expect(enabled.status).toBe(200);
      const { enrolment } = enabled.data as { ok: true; enrolment: Enrolment };
      expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(enrolment.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");
      expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\//);
      expect(enrolment.backupCodes).toHaveLength(10);
      const secret = enrolment.secret.replace(/\s/g, "");
      expect(new URL(enrolment.totpUri).searchParams.get("secret")).toBe(secret);
      // Not on until confirmed.
      expect((await settingsOf(enabled.cookie)).twoFactorEnabled).toBe(false);
      expect((await signIn(member.email)).response.twoFactorRedirect).toBeFalsy();

      const echo = { totpUri: enrolment.totpUri, backupCodes: enrolment.backupCodes.join(" ") };
      const badCode = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, "0");
      const refused = await post(enabled.cookie, { intent: "confirm-two-factor", code: badCode, ...echo });
      expect(refused.status).toBe(400);
      const again = refusal(refused);
      expect(again).toMatchObject({ error: { key: "errors.invalidTwoFactor" }, field: "code" });
      expect(again.enrolment).toMatchObject({ secret: enrolment.secret, backupCodes: enrolment.backupCodes });
      expect(refusal(await post(enabled.cookie, { intent: "confirm-two-factor", code: "12ab56", ...echo })).field).toBe("code");

      const confirmed = await post(enabled.cookie, { intent: "confirm-two-factor", code: totp(secret), ...echo });
      expect(confirmed.status).toBe(303);
      expect(confirmed.location).toBe("/settings?done=two-factor-on#two-factor");
      expect((await settingsOf(confirmed.cookie)).twoFactorEnabled).toBe(true);
      expect(await isSignedIn(enabled.cookie)).toBe(false);

      const signInAgain = await signIn(member.email);
      expect(signInAgain.response.twoFactorRedirect).toBe(true);
      expect(refusal(await post(confirmed.cookie, { intent: "enable-two-factor", password: PASSWORD })).error.key).toBe(
        "errors.invalidRequest",
      );

      const wrongOff = await post(confirmed.cookie, { intent: "disable-two-factor", password: "not-my-password" });
      expect(refusal(wrongOff)).toMatchObject({ error: { key: "errors.wrongPassword" }, field: "password" });
      const off = await post(confirmed.cookie, { intent: "disable-two-factor", password: PASSWORD });
      expect(off.location).toBe("/settings?done=two-factor-off#two-factor");
      expect((await settingsOf(off.cookie)).twoFactorEnabled).toBe(false);
      expect((await signIn(member.email)).response.twoFactorRedirect).toBeFalsy();
    });

    test("a member without a password enrols and turns it off on their session alone", async () => {
      const member = await createMember();
      await db.update(accounts).set({ password: null }).where(eq(accounts.userId, member.id));
      const enabled = await post(member.cookie, { intent: "enable-two-factor" });
      const { enrolment } = enabled.data as { enrolment: Enrolment };
      const secret = enrolment.secret.replace(/\s/g, "");
      const confirmed = await post(enabled.cookie, { intent: "confirm-two-factor", code: totp(secret) });
      expect(confirmed.status).toBe(303);
      expect((await settingsOf(confirmed.cookie)).twoFactorEnabled).toBe(true);
      const off = await post(confirmed.cookie, { intent: "disable-two-factor" });
      expect(off.status).toBe(303);
    });
  });

  describe("sessions", () => {
    test("revoke one other device, never another member's, then all the others", async () => {
      const member = await createMember();
      const laptop = await signIn(member.email, PASSWORD, MAC_FIREFOX);
      const tablet = await signIn(member.email, PASSWORD, ANDROID_CHROME);
      const stranger = await createMember();
      const list = (await settingsOf(member.cookie)).sessions;
      expect(list).toHaveLength(3);
      const current = list.find((s) => s.current)!;
      const [laptopRow] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, laptop.response.token!));
      const [strangerRow] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, stranger.id));

      const foreign = await post(member.cookie, { intent: "revoke-session", sessionId: strangerRow!.id });
      expect(foreign.status).toBe(400);
      expect(refusal(foreign).error.key).toBe("errors.sessionNotFound");
      expect(await isSignedIn(stranger.cookie)).toBe(true);
      expect(refusal(await post(member.cookie, { intent: "revoke-session", sessionId: current.id })).error.key).toBe(
        "errors.sessionNotFound",
      );
      expect(refusal(await post(member.cookie, { intent: "revoke-session", sessionId: "" })).error.key).toBe("errors.invalidRequest");

      const one = await post(member.cookie, { intent: "revoke-session", sessionId: laptopRow!.id });
      expect(one.location).toBe("/settings?done=session-revoked#sessions");
      expect(await isSignedIn(laptop.cookie)).toBe(false);
      expect(await isSignedIn(tablet.cookie)).toBe(true);
      expect(await isSignedIn(member.cookie)).toBe(true);

      const rest = await post(member.cookie, { intent: "revoke-other-sessions" });
      expect(rest.location).toBe("/settings?done=others-signed-out#sessions");
      expect(await isSignedIn(tablet.cookie)).toBe(false);
      expect(await isSignedIn(rest.cookie)).toBe(true);
      expect((await settingsOf(rest.cookie)).sessions).toHaveLength(1);
      expect(await isSignedIn(stranger.cookie)).toBe(true);
    });
  });

  describe("delete-account", () => {
    test("needs the confirmation word and the password, and a refusal changes nothing", async () => {
      const member = await createMember();
      const noWord = await post(member.cookie, { intent: "delete-account", confirmation: "delete me", password: PASSWORD });
      expect(refusal(noWord)).toMatchObject({ error: { key: "errors.confirmationRequired" }, field: "confirmation" });
      const noPassword = await post(member.cookie, { intent: "delete-account", confirmation: "DELETE", password: "" });
      expect(refusal(noPassword)).toMatchObject({ error: { key: "errors.passwordRequired" }, field: "password" });
      const wrong = await post(member.cookie, { intent: "delete-account", confirmation: "DELETE", password: "not-my-password" });
      expect(refusal(wrong)).toMatchObject({ error: { key: "errors.wrongPassword" }, field: "password" });
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
      expect(await isSignedIn(member.cookie)).toBe(true);
    });

    test("deletes the user, profile, roles and sessions, clears the cookie and lands on /", async () => {
      const member = await createMember();
      const phone = await signIn(member.email, PASSWORD, MAC_FIREFOX);
      await db.insert(userRoles).values({ userId: member.id, role: "moderator" });
      const answer = await post(member.cookie, { intent: "delete-account", confirmation: " eliminar ", password: PASSWORD });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/?deleted=1");
      // The anonymising runs inside better-auth's deletion, before the user row goes.
      expect(calls).toContainEqual({ kind: "userDeleting", to: member.id });
      expect(
        answer.headers.getSetCookie().some((c) => /^church\.session_token=;/.test(c) || /church\.session_token=.*Max-Age=0/i.test(c)),
      ).toBe(true);
      expect(answer.cookie).not.toContain("session_token");
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
      expect(await db.select().from(profiles).where(eq(profiles.id, member.id))).toHaveLength(0);
      expect(await db.select().from(userRoles).where(eq(userRoles.userId, member.id))).toHaveLength(0);
      expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
      expect(await db.select().from(accounts).where(eq(accounts.userId, member.id))).toHaveLength(0);
      expect(await isSignedIn(member.cookie)).toBe(false);
      expect(await isSignedIn(phone.cookie)).toBe(false);
      await expect(signIn(member.email)).rejects.toThrow();
      expect((await load(member.cookie)).location).toBe("/auth?redirectTo=/settings");
    });

    test("a member without a password deletes with a fresh session, not an old one", async () => {
      const member = await createMember();
      await db.update(accounts).set({ password: null }).where(eq(accounts.userId, member.id));
      const old = await signIn(member.email, PASSWORD).catch(() => null);
      expect(old).toBeNull();
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await db.update(sessions).set({ createdAt: twoDaysAgo }).where(eq(sessions.userId, member.id));
      const stale = await post(member.cookie, { intent: "delete-account", confirmation: "DELETE" });
      expect(stale.status).toBe(403);
      expect(refusal(stale).error.key).toBe("errors.freshSignInRequired");
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);

      await db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, member.id));
      const fresh = await post(member.cookie, { intent: "delete-account", confirmation: "DELETE" });
      expect(fresh.location).toBe("/?deleted=1");
      expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    });
  });
});
