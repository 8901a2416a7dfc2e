import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, users, verifications } from "~/db/schema";
import { completeAuthCallback } from "~/features/auth/complete-auth-callback.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { runInRequestScope } from "~/server/request-context.server";
import { authEmailStrings } from "~/features/auth/auth-email-strings";
import { authTranslator } from "~/features/auth/auth-translation";
import { callbackLink, PUBLIC_URL, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

const en = authTranslator("en");
const es = authTranslator("es");
let counter = 0;
/** A fresh address and client IP per test, so rate limits of one test never touch another. */
function fresh() {
  counter += 1;
  return { email: `member${counter}-${Date.now()}@example.test`, ip: `203.0.113.${counter}` };
}

async function memberFor(harness: AuthHarness, cookie: string) {
  const request = new Request(`${PUBLIC_URL}/`, { headers: { cookie } });
  return (await getCurrentMember({ db: harness.database.handle.db, request }))?.member ?? null;
}

async function follow(link: URL, cookie = "") {
  const request = new Request(link, { headers: { cookie } });
  const result = await completeAuthCallback({
    request,
    type: link.searchParams.get("type"),
    token: link.searchParams.get("token"),
  });
  const setCookies = result.headers?.getSetCookie() ?? [];
  return { result, cookie: setCookies.map((c) => c.split(";")[0]).join("; ") };
}

const signupFields = (email: string, extra: Record<string, string> = {}) => ({
  intent: "signup-email",
  fullName: "  Ana   María  Reyes ",
  email,
  password: "grace-and-peace-7",
  confirmPassword: "grace-and-peace-7",
  username: "",
  phone: "",
  ...extra,
});

describeOnBackend("member accounts", (backend) => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness(backend);
  });
  afterAll(() => harness?.close());

  describe("sign-up by email", () => {
    test.each([
      [{ fullName: "", email: "a@example.test", password: "x" }, "Full name, email, and password are required"],
      [{ fullName: "Ana", email: "", password: "abcdef" }, "Full name, email, and password are required"],
      [{ password: "abcdefg1", confirmPassword: "abcdefg2" }, "Passwords do not match"],
      [{ password: "abc", confirmPassword: "abc" }, "Password must be at least 6 characters long"],
      [{ password: "password1", confirmPassword: "password1" }, en("errors.passwordTooCommon")],
      [{ email: "not-an-email" }, en("errors.invalidEmail")],
      [{ username: "no spaces allowed" }, en("errors.invalidUsername")],
      [{ phone: "12" }, en("errors.invalidPhone")],
    ])("refuses %o with the spec's message", async (override, message) => {
      const { email, ip } = fresh();
      const response = await harness.post({ ...signupFields(email), ...override }, { ip });
      expect(response.status).toBe(400);
      expect(response.data.ok).toBe(false);
      if (response.data.ok) return;
      expect(en(response.data.error.key, response.data.error.values)).toBe(message);
    });

    test("Spanish messages are translations, not the English text", () => {
      expect(es("errors.passwordsDoNotMatch")).toBe("Las contraseñas no coinciden");
      expect(es("errors.signupRequired")).not.toBe(en("errors.signupRequired"));
    });

    test("creates the account, mails a confirmation link that confirms and signs in once", async () => {
      const { email, ip } = fresh();
      const response = await harness.post(signupFields(email), { ip });
      expect(response).toMatchObject({
        status: 200,
        data: { ok: true, toast: { title: "toast.accountCreated", body: "toast.accountCreatedBody" } },
      });
      expect(response.setCookies).toEqual([]);

      // Not confirmed yet: the spec's friendly text.
      const early = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip });
      expect(early.data.ok).toBe(false);
      if (!early.data.ok) expect(en(early.data.error.key)).toBe("Please check your email and click the confirmation link first.");

      const mail = await harness.waitForMail(email);
      expect(mail).toMatch(/Subject: .*Confirm/i);
      const link = callbackLink(mail);
      expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/auth/callback`);
      expect(link.searchParams.get("type")).toBe("signup");

      const first = await follow(link);
      expect(first.result.ok).toBe(true);
      const member = await memberFor(harness, first.cookie);
      expect(member).toMatchObject({ name: "Ana María Reyes", email, username: "anamaríareyes", roles: [] });
      // One lookup per HTTP request and method (the server runs each page request in a scope):
      // the loaders of one page share it, the loaders after an action and the next request look again.
      const db = harness.database.handle.db;
      const request = new Request(`${PUBLIC_URL}/settings`, { headers: { cookie: first.cookie } });
      const copy = () => new Request(request.url, { headers: request.headers });
      const [once, twice, posted] = await runInRequestScope(() =>
        Promise.all([
          getCurrentMember({ db, request }),
          getCurrentMember({ db, request: copy() }),
          getCurrentMember({ db, request: new Request(request.url, { method: "POST", headers: request.headers }) }),
        ]),
      );
      expect(once?.member.id).toBe(member!.id);
      expect(twice).toBe(once);
      expect(posted).not.toBe(once);
      expect(posted?.member).toEqual(once?.member);
      const [outside, alsoOutside] = await Promise.all([getCurrentMember({ db, request }), getCurrentMember({ db, request })]);
      expect(outside).not.toBe(alsoOutside);
      expect(await runInRequestScope(() => getCurrentMember({ db, request: copy() }))).not.toBe(once);

      const [profile] = await harness.database.handle.db.select().from(profiles).where(eq(profiles.id, member!.id));
      expect(profile).toMatchObject({ fullName: "Ana María Reyes", displayName: "Ana María Reyes", preferredLanguage: "en" });

      const again = await follow(link);
      expect(again.result.ok).toBe(false);

      const signIn = await harness.post({ intent: "signin-email", email: email.toUpperCase(), password: "grace-and-peace-7" }, { ip });
      expect(signIn.data).toMatchObject({ ok: true, toast: { title: "toast.welcomeBack", body: "toast.welcomeBackBody" } });
      // The session lives only in an HttpOnly, SameSite=Lax cookie.
      const sessionCookie = signIn.setCookies.find((c) => c.startsWith("church.session_token="));
      expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
      expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
      expect((await memberFor(harness, signIn.cookie))?.email).toBe(email);
    });

    test("a Spanish sign-up gets a Spanish email and a Spanish profile; a taken username is refused", async () => {
      const { email, ip } = fresh();
      const response = await harness.post(signupFields(email, { username: "Pastora.Ruth" }), { ip, language: "es" });
      expect(response.data.ok).toBe(true);
      const mail = await harness.waitForMail(email);
      expect(mail).toContain("Confirme su cuenta");
      expect(callbackLink(mail).searchParams.get("lang")).toBe("es");
      const [row] = await harness.database.handle.db
        .select({ username: profiles.username, language: profiles.preferredLanguage })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(eq(users.email, email));
      expect(row).toEqual({ username: "pastora.ruth", language: "es" });

      const other = fresh();
      const taken = await harness.post(signupFields(other.email, { username: "pastora.ruth" }), { ip: other.ip });
      expect(taken.data).toMatchObject({ ok: false, field: "username", error: { key: "errors.usernameTaken" } });
    });

    test("a member whose profile is missing gets one at their next request", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      const db = harness.database.handle.db;
      await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await db.delete(profiles).where(eq(profiles.id, user!.id));
      const signIn = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip });
      expect(await memberFor(harness, signIn.cookie)).toMatchObject({
        name: "Ana María Reyes",
        username: expect.stringMatching(/^anamaríareyes\d*$/),
      });
      expect(await db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
    });

    test("signing up again with a registered address says the same and creates nothing", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      const second = await harness.post(signupFields(email, { fullName: "Someone Else" }), { ip });
      expect(second.data).toMatchObject({ ok: true });
      const rows = await harness.database.handle.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toBe("Ana María Reyes");
    });
  });

  describe("sign-in by password", () => {
    test("the spec's required-field messages", async () => {
      const { ip } = fresh();
      const byEmail = await harness.post({ intent: "signin-email", email: "", password: "" }, { ip });
      const byPhone = await harness.post({ intent: "signin-phone", phone: "+15555550100", password: "" }, { ip });
      expect(byEmail.data.ok || en(byEmail.data.error.key)).toBe("Email and password are required");
      expect(byPhone.data.ok || en(byPhone.data.error.key)).toBe("Phone and password are required");
    });

    test("wrong passwords get the friendly text; the sixth failure from one address in 15 minutes is refused there, not elsewhere", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      await harness.database.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      for (let i = 0; i < 5; i++) {
        const wrong = await harness.post({ intent: "signin-email", email, password: `wrong-${i}` }, { ip: "198.18.0.1" });
        expect(wrong.status).toBe(401);
        expect(wrong.data.ok || en(wrong.data.error.key)).toBe("Invalid email or password. Please try again.");
      }
      const locked = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip: "198.18.0.1" });
      expect(locked.status).toBe(429);
      expect(locked.data.ok || locked.data.error.key).toBe("errors.rateLimited");
      // Issue 32, item 8c: someone else's wrong passwords don't keep the member out.
      const elsewhere = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip });
      expect(elsewhere.status).toBe(200);
    });

    test("parallel wrong passwords from one address can't get past the limit of 5 failures", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      await harness.database.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => harness.post({ intent: "signin-email", email, password: `guess-${i}` }, { ip: "198.18.1.1" })),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    });

    test("an unconfirmed account with the right password gets a new confirmation link; a wrong one gets none", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      await harness.waitForMail(email, 1);
      const wrong = await harness.post({ intent: "signin-email", email, password: "not-the-password" }, { ip });
      expect(wrong.data.ok || wrong.data.error.key).toBe("errors.invalidCredentials");
      const right = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip });
      expect(right.data.ok || right.data.error.key).toBe("errors.emailNotConfirmed");
      const link = callbackLink(await harness.waitForMail(email, 2));
      expect((await follow(link)).result.ok).toBe(true);
      // The wrong password sent nothing: exactly the sign-up mail and the resent one.
      expect(harness.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
    });

    test("nobody can type a phone-only account's placeholder address", async () => {
      const { ip } = fresh();
      const placeholder = "15555550100@phone.invalid";
      const answers = [
        await harness.post({ intent: "signin-email", email: placeholder, password: "whatever-123" }, { ip }),
        await harness.post({ intent: "magic-link", email: placeholder }, { ip }),
        await harness.post(signupFields(placeholder), { ip }),
      ];
      for (const answer of answers) expect(answer.data).toMatchObject({ ok: false, error: { key: "errors.invalidEmail" } });
    });

    test("members signing in from one address (the church's Wi-Fi) count only their failures", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      await harness.database.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      // 35 sign-ins from one IP (its limit is 30 failures in 15 minutes) all succeed.
      for (let i = 0; i < 35; i++) {
        const answer = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip: "192.0.2.77" });
        expect(answer.status).toBe(200);
      }
      // 30 failures from one IP, spread over accounts, and the 31st attempt is refused.
      for (let i = 0; i < 30; i++) {
        const wrong = await harness.post(
          { intent: "signin-email", email: `nobody${i}-${email}`, password: "wrong-guess" },
          { ip: "192.0.2.78" },
        );
        expect(wrong.status).toBe(401);
      }
      const refused = await harness.post({ intent: "signin-email", email, password: "grace-and-peace-7" }, { ip: "192.0.2.78" });
      expect(refused.status).toBe(429);
    });

    test("an unknown address gets the same text as a wrong password", async () => {
      const { email, ip } = fresh();
      const response = await harness.post({ intent: "signin-email", email, password: "whatever-123" }, { ip });
      expect(response.data.ok || en(response.data.error.key)).toBe("Invalid email or password. Please try again.");
    });
  });

  describe("magic link", () => {
    test("'Email is required for magic link'", async () => {
      const response = await harness.post({ intent: "magic-link", email: " " }, { ip: fresh().ip });
      expect(response.data.ok || en(response.data.error.key)).toBe("Email is required for magic link");
    });

    test("mails a link that signs in once, and one link per minute per address", async () => {
      const { email, ip } = fresh();
      const sent = await harness.post({ intent: "magic-link", email }, { ip });
      expect(sent.data).toMatchObject({ ok: true, toast: { title: "toast.magicLinkSent", body: "toast.magicLinkSentBody" } });
      const again = await harness.post({ intent: "magic-link", email }, { ip });
      expect(again.status).toBe(429);
      expect(again.data.ok || again.data.error.key).toBe("errors.rateLimitedSeconds");

      const link = callbackLink(await harness.waitForMail(email));
      expect(link.searchParams.get("type")).toBe("magiclink");
      const first = await follow(link);
      expect(first.result.ok).toBe(true);
      expect((await memberFor(harness, first.cookie))?.email).toBe(email);
      expect((await follow(link)).result.ok).toBe(false);
    });

    test("goes out in the member's saved language, whatever the page's language", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip, language: "en" });
      await harness.database.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const [user] = await harness.database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await harness.database.handle.db.update(profiles).set({ preferredLanguage: "es" }).where(eq(profiles.id, user!.id));
      await harness.post({ intent: "magic-link", email }, { ip, language: "en" });
      const mail = await harness.waitForMail(email, 2);
      expect(callbackLink(mail).searchParams.get("lang")).toBe("es");
      expect(mail).toContain(authEmailStrings.es.magicLink.action);
      expect(mail).not.toContain(authEmailStrings.en.magicLink.action);
    });

    test("an expired link is refused", async () => {
      const { email, ip } = fresh();
      await harness.post({ intent: "magic-link", email }, { ip });
      const link = callbackLink(await harness.waitForMail(email));
      await harness.database.handle.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
      const result = await follow(link);
      expect(result.result.ok).toBe(false);
      if (!result.result.ok) expect(result.result.error.key).toBe("errors.linkInvalid");
    });
  });

  describe("SMS code", () => {
    test("texts a code that signs in; a wrong code is refused; one code per minute per phone", async () => {
      const { ip } = fresh();
      const phone = `+1555${String(1_000_000 + counter).slice(-7)}`;
      const sent = await harness.post({ intent: "sms-send", phone }, { ip });
      expect(sent.data).toMatchObject({ ok: true, next: "sms-code", phone });
      const tooSoon = await harness.post({ intent: "sms-send", phone }, { ip });
      expect(tooSoon.status).toBe(429);

      const line = await waitFor(() => harness.smsLines().find((l) => l.to === phone));
      const code = line.body.match(/\b(\d{6})\b/)?.[1];
      expect(code).toBeDefined();
      expect(new Date(line.at).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const wrong = await harness.post({ intent: "sms-verify", phone, code: code === "000000" ? "111111" : "000000" }, { ip });
      expect(wrong.data.ok || wrong.data.error.key).toBe("errors.invalidCode");
      const right = await harness.post({ intent: "sms-verify", phone, code: code! }, { ip });
      expect(right.data).toMatchObject({ ok: true });
      const member = await memberFor(harness, right.cookie);
      expect(member).toMatchObject({ phone, email: null });
      const reused = await harness.post({ intent: "sms-verify", phone, code: code! }, { ip });
      expect(reused.data.ok || reused.data.error.key).toBe("errors.invalidCode");
    });

    test("sign-up by phone: code, then the name and password work for phone sign-in", async () => {
      const { ip } = fresh();
      const phone = `+1555${String(2_000_000 + counter).slice(-7)}`;
      const fields = { fullName: "José Pérez", phone, password: "shepherd-psalm-23", confirmPassword: "shepherd-psalm-23", username: "" };
      const started = await harness.post({ intent: "signup-phone", ...fields }, { ip, language: "es" });
      expect(started.data).toMatchObject({
        ok: true,
        next: "signup-phone-code",
        toast: { title: "toast.codeSent", body: "toast.phoneSignupCodeBody" },
      });
      const line = await waitFor(() => harness.smsLines().find((l) => l.to === phone));
      expect(line.body).toContain("código");
      const code = line.body.match(/\b(\d{6})\b/)![1]!;
      const done = await harness.post({ intent: "signup-phone-verify", ...fields, code }, { ip, language: "es" });
      expect(done.data).toMatchObject({ ok: true, toast: { title: "toast.accountCreated", body: "toast.phoneAccountReadyBody" } });
      expect(await memberFor(harness, done.cookie)).toMatchObject({
        name: "José Pérez",
        phone,
        username: "josépérez",
        preferredLanguage: "es",
      });

      const signIn = await harness.post({ intent: "signin-phone", phone: phone.replace("+1", ""), password: "shepherd-psalm-23" }, { ip });
      expect(signIn.data).toMatchObject({ ok: true });
      const wrong = await harness.post({ intent: "signin-phone", phone, password: "not-it-at-all" }, { ip });
      expect(wrong.data.ok || en(wrong.data.error.key)).toBe("Invalid email or password. Please try again.");
    });

    test("step 2 refuses a common password even when step 1 had a good one, and creates nothing", async () => {
      const { ip } = fresh();
      const phone = `+1555${String(2_500_000 + counter).slice(-7)}`;
      const fields = { fullName: "Rut Gómez", phone, password: "shepherd-psalm-23", confirmPassword: "shepherd-psalm-23", username: "" };
      expect((await harness.post({ intent: "signup-phone", ...fields }, { ip })).data.ok).toBe(true);
      const code = (await waitFor(() => harness.smsLines().find((l) => l.to === phone))).body.match(/\b(\d{6})\b/)![1]!;
      const weak = await harness.post(
        { intent: "signup-phone-verify", ...fields, password: "password", confirmPassword: "password", code },
        { ip },
      );
      expect(weak.data).toMatchObject({ ok: false, field: "password", error: { key: "errors.passwordTooCommon" } });
      expect(await harness.database.handle.db.select().from(users).where(eq(users.phoneNumber, phone))).toHaveLength(0);
    });

    test("a number with no password answers like a wrong password", async () => {
      const { ip } = fresh();
      const phone = `+1555${String(2_700_000 + counter).slice(-7)}`;
      await harness.post({ intent: "sms-send", phone }, { ip });
      const code = (await waitFor(() => harness.smsLines().find((l) => l.to === phone))).body.match(/\b(\d{6})\b/)![1]!;
      expect((await harness.post({ intent: "sms-verify", phone, code }, { ip })).data.ok).toBe(true);
      for (const number of [phone, `+1555${String(2_800_000 + counter).slice(-7)}`]) {
        const answer = await harness.post({ intent: "signin-phone", phone: number, password: "some-password-1" }, { ip });
        expect(answer.status).toBe(401);
        expect(answer.data.ok || en(answer.data.error.key)).toBe("Invalid email or password. Please try again.");
      }
    });
  });

  describe("sign-out", () => {
    test("signs this device out; everywhere ends every session", async () => {
      const { email, ip } = fresh();
      await harness.post(signupFields(email), { ip });
      await harness.database.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const credentials = { intent: "signin-email", email, password: "grace-and-peace-7" };
      const a = await harness.post(credentials, { ip });
      const b = await harness.post(credentials, { ip });
      const c = await harness.post(credentials, { ip });
      expect(await memberFor(harness, a.cookie)).not.toBeNull();

      const out = await harness.post({ intent: "signout" }, { cookie: a.cookie, ip });
      expect(out.data).toMatchObject({ ok: true, toast: { title: "toast.signedOut" } });
      expect(await memberFor(harness, a.cookie)).toBeNull();
      expect(await memberFor(harness, b.cookie)).not.toBeNull();

      await harness.post({ intent: "signout-everywhere" }, { cookie: b.cookie, ip });
      expect(await memberFor(harness, b.cookie)).toBeNull();
      expect(await memberFor(harness, c.cookie)).toBeNull();
    });
  });

  describe("bad input answers 4xx with a message, never throws", () => {
    const cases: [string, Parameters<AuthHarness["post"]>[1]][] = [
      ["an empty form", {}],
      ["malformed JSON", { rawBody: '{"intent": "signin-email", ' }],
      ["a JSON array", { json: [1, 2, 3] }],
      ["wrong types", { json: { intent: "signin-email", email: 5, password: { $ne: null } } }],
      ["an unknown intent", { json: { intent: "drop-tables" } }],
      ["a text/plain body", { rawBody: "intent=signin-email", contentType: "text/plain" }],
    ];
    test.each(cases)("%s", async (_name, options) => {
      const response = await harness.post({}, { ...options, ip: fresh().ip });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.data.ok).toBe(false);
      if (!response.data.ok) expect(en(response.data.error.key)).not.toMatch(/^errors\./);
    });

    test.each([
      ["signin-email", { email: "nul\u0000@example.test", password: "abcdefgh" }],
      ["signin-phone", { phone: "+15555550100", password: "abc\u0000defgh" }],
      ["magic-link", { email: "a\u0000b@example.test" }],
      ["sms-send", { phone: "+1555555\u00000100" }],
      ["signup-email", { fullName: "Ana\u0000", email: "nul@example.test", password: "abcdefgh1", confirmPassword: "abcdefgh1" }],
      [
        "signup-phone-verify",
        { fullName: "A\u0000", phone: "+15555550100", password: "abcdefgh1", confirmPassword: "abcdefgh1", code: "123456" },
      ],
    ])("a NUL byte to %s is an invalid request, not a database error", async (intent, fields) => {
      for (const options of [{}, { json: { intent, ...fields } }]) {
        const response = await harness.post({ intent, ...fields }, { ...options, ip: fresh().ip });
        expect(response.status).toBe(400);
        expect(response.data.ok || response.data.error.key).toBe("errors.invalidRequest");
      }
    });

    test.each(["", "abc def", "abc%00def", "x".repeat(2049), "<script>"])("the callback refuses the token %j", async (token) => {
      const link = new URL(`${PUBLIC_URL}/auth/callback?type=magiclink`);
      link.searchParams.set("token", decodeURIComponent(token));
      const { result } = await follow(link);
      expect(result).toMatchObject({ ok: false, status: 400, error: { key: "errors.linkInvalid" } });
    });

    const huge = "x".repeat(10_240);
    test.each([
      ["signin-email", { email: `${huge}@example.test`, password: huge }],
      ["signin-phone", { phone: huge, password: huge }],
      ["magic-link", { email: huge }],
      ["sms-send", { phone: huge }],
      ["sms-verify", { phone: "+15555550100", code: huge }],
      ["two-factor", { code: huge }],
      ["signup-email", { fullName: huge, email: `${huge}@x.test`, password: huge, confirmPassword: huge, username: huge, phone: huge }],
      ["signup-phone", { fullName: huge, phone: huge, password: huge, confirmPassword: huge, username: huge }],
      [
        "signup-phone-verify",
        { fullName: "A", phone: "+15555550100", password: "abcdefgh1", confirmPassword: "abcdefgh1", username: "", code: huge },
      ],
    ])("10 kB strings to %s", async (intent, fields) => {
      const response = await harness.post({ intent, ...fields }, { ip: fresh().ip });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      if (!response.data.ok) expect(en(response.data.error.key)).not.toMatch(/^errors\./);
    });
  });
});

async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
