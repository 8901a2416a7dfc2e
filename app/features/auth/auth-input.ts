import { z } from "zod";
import { E164, PHONE_ONLY_EMAIL_DOMAIN } from "~/lib/phone-formats";
import { defaultUsername, normalizeUsername, USERNAME } from "~/lib/usernames";
import type { AuthMessage, AuthMessageKey } from "./auth-translation";

/*
 * The spec's validation rules (section 5), in its order, as pure functions the server runs
 * on every request and the forms reuse. Messages are keys; the page shows them translated.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 200;
const EMAIL_MAX = 254;
/**
 * A deliberately plain check: one @, something on both sides, a dot in the domain; no commas,
 * quotes or angle brackets (a mailer would read "a,b@c.d" as two recipients).
 */
const EMAIL = /^[^\s@,;<>"'()]+@[^\s@,;<>"'()]+\.[^\s@,;<>"'()]+$/;

// The schemas are marked pure so client bundles that only use the check functions drop zod.
const text = /* @__PURE__ */ z.string().max(10_000).optional().default("");
const flag = /* @__PURE__ */ z.union([z.literal("true"), z.literal("false"), z.literal("on"), z.boolean()]).optional();

export const ZSignInEmail = /* @__PURE__ */ z.object({ email: text, password: text });
export const ZSignInPhone = /* @__PURE__ */ z.object({ phone: text, password: text });
export const ZTwoFactor = /* @__PURE__ */ z.object({ code: text, trustDevice: flag });
export const ZMagicLink = /* @__PURE__ */ z.object({ email: text });
export const ZSmsSend = /* @__PURE__ */ z.object({ phone: text });
export const ZSmsVerify = /* @__PURE__ */ z.object({ phone: text, code: text });
export const ZSignUp = /* @__PURE__ */ z.object({
  fullName: text,
  email: text,
  password: text,
  confirmPassword: text,
  username: text,
  phone: text,
});
export const ZPasswordResetRequest = /* @__PURE__ */ z.object({ email: text });
export const ZPasswordReset = /* @__PURE__ */ z.object({ token: text, password: text, confirmPassword: text });
export const ZSignUpPhone = /* @__PURE__ */ z.object({
  fullName: text,
  phone: text,
  password: text,
  confirmPassword: text,
  username: text,
  code: text,
});

export type SignUpInput = z.infer<typeof ZSignUp>;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: AuthMessage; field?: string };

const fail = (key: AuthMessageKey, field?: string): { ok: false; error: AuthMessage; field?: string } => ({
  ok: false,
  error: { key },
  field,
});

/** Collapses runs of spaces and trims: "  Ana   María " → "Ana María". */
export function normalizeName(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** "+1 (555) 555-0100" → "+15555550100"; a 10-digit US number gets +1. */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (!trimmed.startsWith("+") && digits.length === 10) return `+1${digits}`;
  return digits ? `+${digits}` : "";
}

/**
 * Phone-only accounts carry a placeholder address on this domain (see auth.server.ts); nobody
 * may type one, or they could reach that account's password or take its placeholder.
 */
function isUsableEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL.test(email) && !email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

export function checkPassword(password: string): AuthMessage | null {
  if (password.length < PASSWORD_MIN) return { key: "errors.passwordTooShort" };
  if (password.length > PASSWORD_MAX) return { key: "errors.passwordTooLong" };
  return null;
}

export function checkSignInEmail(input: z.infer<typeof ZSignInEmail>): Checked<{ email: string; password: string }> {
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return fail("errors.emailPasswordRequired");
  if (!isUsableEmail(email)) return fail("errors.invalidEmail", "email");
  if (input.password.length > PASSWORD_MAX) return fail("errors.invalidCredentials");
  return { ok: true, value: { email, password: input.password } };
}

export function checkSignInPhone(input: z.infer<typeof ZSignInPhone>): Checked<{ phone: string; password: string }> {
  const phone = normalizePhone(input.phone);
  if (!phone || !input.password) return fail("errors.phonePasswordRequired");
  if (!E164.test(phone)) return fail("errors.invalidPhone", "phone");
  if (input.password.length > PASSWORD_MAX) return fail("errors.invalidCredentials");
  return { ok: true, value: { phone, password: input.password } };
}

export function checkMagicLink(input: z.infer<typeof ZMagicLink>): Checked<{ email: string }> {
  const email = normalizeEmail(input.email);
  if (!email) return fail("errors.emailRequiredForMagicLink", "email");
  if (!isUsableEmail(email)) return fail("errors.invalidEmail", "email");
  return { ok: true, value: { email } };
}

export function checkPasswordResetRequest(input: z.infer<typeof ZPasswordResetRequest>): Checked<{ email: string }> {
  const email = normalizeEmail(input.email);
  if (!email) return fail("errors.emailRequiredForReset", "email");
  if (!isUsableEmail(email)) return fail("errors.invalidEmail", "email");
  return { ok: true, value: { email } };
}

/** better-auth's reset tokens are 24 letters and digits; anything else is never looked up. */
export const RESET_TOKEN = /^[A-Za-z0-9]{16,64}$/;

export function isResetToken(value: unknown): value is string {
  return typeof value === "string" && RESET_TOKEN.test(value);
}

/** The new-password form: the sign-up rules (both fields, matching, 6 to 128 characters). */
export function checkPasswordReset(input: z.infer<typeof ZPasswordReset>): Checked<{ token: string; password: string }> {
  if (!isResetToken(input.token)) return fail("errors.resetLinkInvalid");
  if (!input.password) return fail("errors.newPasswordRequired", "password");
  if (input.password !== input.confirmPassword) return fail("errors.passwordsDoNotMatch", "confirmPassword");
  const passwordProblem = checkPassword(input.password);
  if (passwordProblem) return { ok: false, error: passwordProblem, field: "password" };
  return { ok: true, value: { token: input.token, password: input.password } };
}

export function checkPhone(raw: string): Checked<{ phone: string }> {
  const phone = normalizePhone(raw);
  if (!phone) return fail("errors.phoneRequired", "phone");
  if (!E164.test(phone)) return fail("errors.invalidPhone", "phone");
  return { ok: true, value: { phone } };
}

export function checkCode(raw: string): Checked<{ code: string }> {
  const code = raw.replace(/\s/g, "");
  if (!code) return fail("errors.codeRequired", "code");
  if (code.length > 32) return fail("errors.invalidCode", "code");
  return { ok: true, value: { code } };
}

export interface CheckedSignUp {
  fullName: string;
  email: string;
  password: string;
  username: string;
  usernameChosen: boolean;
  phone: string | null;
}

export function checkSignUp(input: SignUpInput): Checked<CheckedSignUp> {
  const fullName = normalizeName(input.fullName);
  const email = normalizeEmail(input.email);
  if (!fullName || !email || !input.password) return fail("errors.signupRequired");
  if (input.password !== input.confirmPassword) return fail("errors.passwordsDoNotMatch", "confirmPassword");
  const passwordProblem = checkPassword(input.password);
  if (passwordProblem) return { ok: false, error: passwordProblem, field: "password" };
  if (fullName.length > NAME_MAX) return fail("errors.fieldTooLong", "fullName");
  if (!isUsableEmail(email)) return fail("errors.invalidEmail", "email");
  const chosen = normalizeUsername(input.username);
  if (chosen && !USERNAME.test(chosen)) return fail("errors.invalidUsername", "username");
  let phone: string | null = null;
  if (input.phone.trim()) {
    phone = normalizePhone(input.phone);
    if (!E164.test(phone)) return fail("errors.invalidPhone", "phone");
  }
  return {
    ok: true,
    value: {
      fullName,
      email,
      password: input.password,
      username: chosen || defaultUsername(fullName),
      usernameChosen: Boolean(chosen),
      phone,
    },
  };
}

export function checkSignUpPhone(input: z.infer<typeof ZSignUpPhone>): Checked<Omit<CheckedSignUp, "email" | "phone"> & { phone: string }> {
  const fullName = normalizeName(input.fullName);
  const phone = normalizePhone(input.phone);
  if (!fullName || !phone || !input.password) return fail("errors.signupPhoneRequired");
  if (input.password !== input.confirmPassword) return fail("errors.passwordsDoNotMatch", "confirmPassword");
  const passwordProblem = checkPassword(input.password);
  if (passwordProblem) return { ok: false, error: passwordProblem, field: "password" };
  if (fullName.length > NAME_MAX) return fail("errors.fieldTooLong", "fullName");
  if (!E164.test(phone)) return fail("errors.invalidPhone", "phone");
  const chosen = normalizeUsername(input.username);
  if (chosen && !USERNAME.test(chosen)) return fail("errors.invalidUsername", "username");
  return {
    ok: true,
    value: {
      fullName,
      phone,
      password: input.password,
      username: chosen || defaultUsername(fullName),
      usernameChosen: Boolean(chosen),
    },
  };
}
