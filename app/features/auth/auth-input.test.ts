import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en/auth";
import es from "~/i18n/locales/es/auth";
import { authTranslator } from "./auth-translation";
import enMain from "~/i18n/locales/en";
import { createTranslator } from "~/i18n/translator";
import {
  checkMagicLink,
  checkPasswordReset,
  checkPasswordResetRequest,
  checkSignInEmail,
  checkSignInPhone,
  checkSignUp,
  normalizePhone,
} from "./auth-input";
import { defaultUsername } from "~/lib/usernames";

const t = authTranslator("en");
const message = (result: { ok: boolean; error?: { key: Parameters<typeof t>[0] } }) => (result.ok ? "ok" : t(result.error!.key));
const signUp = (over: Partial<Parameters<typeof checkSignUp>[0]> = {}) =>
  checkSignUp({
    fullName: "Ana Reyes",
    email: "ana@example.test",
    password: "secret1",
    confirmPassword: "secret1",
    username: "",
    phone: "",
    ...over,
  });

describe("the spec's validation rules (section 5)", () => {
  test("sign in by email and by phone", () => {
    expect(message(checkSignInEmail({ email: "", password: "x" }))).toBe("Email and password are required");
    expect(message(checkSignInEmail({ email: "a@b.co", password: "" }))).toBe("Email and password are required");
    expect(message(checkSignInPhone({ phone: "", password: "x" }))).toBe("Phone and password are required");
    expect(checkSignInEmail({ email: " A@B.CO ", password: "x" })).toEqual({ ok: true, value: { email: "a@b.co", password: "x" } });
  });

  test("magic link", () => {
    expect(message(checkMagicLink({ email: "   " }))).toBe("Email is required for magic link");
  });

  test("password reset: the request needs a usable address; the new password follows the sign-up rules", () => {
    expect(message(checkPasswordResetRequest({ email: " " }))).toBe("Email is required to reset your password");
    expect(message(checkPasswordResetRequest({ email: "15555550100@phone.invalid" }))).toBe("Please enter a valid email address.");
    expect(checkPasswordResetRequest({ email: " Ana@Example.TEST " })).toEqual({ ok: true, value: { email: "ana@example.test" } });
    const token = "AbCdEfGhIjKlMnOpQrStUvWx";
    const reset = (password: string, confirmPassword = password, t0 = token) =>
      checkPasswordReset({ token: t0, password, confirmPassword });
    expect(message(reset("", ""))).toBe("Enter a new password.");
    expect(message(reset("secret1", "secret2"))).toBe("Passwords do not match");
    expect(message(reset("abc"))).toBe("Password must be at least 6 characters long");
    expect(message(reset("x".repeat(129)))).toBe("Password must be at most 128 characters long");
    expect(message(reset("secret1", "secret1", "not/a/token"))).toBe(en.errors.resetLinkInvalid);
    expect(reset("secret1")).toEqual({ ok: true, value: { token, password: "secret1" } });
  });

  test("sign up: required, match, length, in that order", () => {
    expect(message(signUp({ fullName: "  " }))).toBe("Full name, email, and password are required");
    expect(message(signUp({ confirmPassword: "other" }))).toBe("Passwords do not match");
    expect(message(signUp({ password: "abc", confirmPassword: "abc" }))).toBe("Password must be at least 6 characters long");
    expect(signUp().ok).toBe(true);
  });

  test("names are trimmed and the username defaults to the name lower-cased without spaces", () => {
    const result = signUp({ fullName: "  María  José Núñez " });
    expect(result).toMatchObject({ ok: true, value: { fullName: "María José Núñez", username: "maríajosénúñez", usernameChosen: false } });
    expect(defaultUsername("John Smith")).toBe("johnsmith");
    // Punctuation a username can't hold goes; the decomposed "é" becomes one letter.
    expect(defaultUsername("Seán O'Brien-Díaz")).toBe("seánobrien-díaz");
    expect(defaultUsername("Jose\u0301")).toBe("josé");
    expect(signUp({ username: "Pastor.John" })).toMatchObject({ value: { username: "pastor.john", usernameChosen: true } });
  });

  test("phone numbers: optional on sign-up, normalised to E.164", () => {
    expect(normalizePhone("(555) 555-0100")).toBe("+15555550100");
    expect(normalizePhone("+52 55 1234 5678")).toBe("+525512345678");
    expect(signUp({ phone: "555 555 0100" })).toMatchObject({ value: { phone: "+15555550100" } });
    expect(signUp({ phone: "" })).toMatchObject({ value: { phone: null } });
    expect(message(signUp({ phone: "12" }))).toBe(t("errors.invalidPhone"));
  });
});

describe("auth strings", () => {
  test("every English string has a different-or-equal, non-empty Spanish string", () => {
    const walk = (a: object, b: object, path: string[] = []) => {
      for (const [key, value] of Object.entries(a)) {
        const other = (b as Record<string, unknown>)[key];
        if (typeof value === "string") {
          expect(typeof other, [...path, key].join(".")).toBe("string");
          expect((other as string).length, [...path, key].join(".")).toBeGreaterThan(0);
        } else walk(value as object, other as object, [...path, key]);
      }
    };
    walk(en, es);
  });

  test("the spec's toasts are verbatim", () => {
    expect([t("toast.welcomeBack"), t("toast.welcomeBackBody")]).toEqual(["Welcome back!", "You have been successfully signed in."]);
    expect([t("toast.magicLinkSent"), t("toast.magicLinkSentBody")]).toEqual(["Magic Link Sent", "Check your email for the sign-in link."]);
    expect([t("toast.accountCreated"), t("toast.accountCreatedBody")]).toEqual([
      "Account Created",
      "Please check your email to confirm your account.",
    ]);
    // The guest toast is in the main table (common.ts), shared with the first-visit dialog.
    const main = createTranslator("en", enMain).t;
    expect([main("welcome.guestToast"), main("welcome.guestToastBody")]).toEqual([
      "Continuing as Guest",
      "You can browse content. Sign in anytime to access member features.",
    ]);
    expect(t("errors.emailNotConfirmed")).toBe("Please check your email and click the confirmation link first.");
    expect(t("errors.invalidCredentials")).toBe("Invalid email or password. Please try again.");
  });
});
