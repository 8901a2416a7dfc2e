import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { failure, type AuthOutcome } from "./auth-request.server";
import { readInput } from "~/server/request-input.server";
import type { AuthMessage, AuthMessageKey } from "./auth-translation";
import { requestPasswordReset } from "./request-password-reset.server";
import { resetMemberPassword } from "./reset-member-password.server";
import { sendMagicLink } from "./send-magic-link.server";
import { signInWithEmail, signInWithPhone, verifyTwoFactorSignIn } from "./sign-in.server";
import { signOut } from "./sign-out.server";
import { completePhoneSignUp, signUpWithEmail, startPhoneSignUp } from "./sign-up.server";
import { sendSmsCode, verifySmsCode } from "./sms-code.server";

export const authIntents = [
  "signin-email",
  "signin-phone",
  "two-factor",
  "magic-link",
  "sms-send",
  "sms-verify",
  "signup-email",
  "signup-phone",
  "signup-phone-verify",
  "signout",
  "signout-everywhere",
  "password-reset-request",
  "password-reset",
] as const;
export type AuthIntent = (typeof authIntents)[number];

/** What the /auth action answers; the forms show `error` inline and `toast` as a toast. */
export type AuthActionData =
  | {
      ok: true;
      intent: AuthIntent;
      /** The next step of a two-step flow. */
      next?: "two-factor" | "sms-code" | "signup-phone-code";
      phone?: string;
      toast?: { title: AuthMessageKey; body: AuthMessageKey };
    }
  | { ok: false; intent: AuthIntent | null; error: AuthMessage; field?: string };

export interface AuthActionResult {
  status: number;
  data: AuthActionData;
  headers: Headers;
}

const toasts = {
  signedIn: { title: "toast.welcomeBack", body: "toast.welcomeBackBody" },
  magicLink: { title: "toast.magicLinkSent", body: "toast.magicLinkSentBody" },
  accountCreated: { title: "toast.accountCreated", body: "toast.accountCreatedBody" },
  // Step 1 of a phone sign-up only texts a code: the account exists after step 2.
  phoneSignupCode: { title: "toast.codeSent", body: "toast.phoneSignupCodeBody" },
  phoneAccountReady: { title: "toast.accountCreated", body: "toast.phoneAccountReadyBody" },
  codeSent: { title: "toast.codeSent", body: "toast.codeSentBody" },
  signedOut: { title: "toast.signedOut", body: "toast.signedOutBody" },
} satisfies Record<string, { title: AuthMessageKey; body: AuthMessageKey }>;

/**
 * Dispatches one POST to /auth by its `intent` field. Every answer is data, never a throw.
 * `only` narrows the intents a page accepts (/auth/reset-password: the two reset steps).
 */
export async function runAuthIntent(options: {
  db: AppDatabase;
  request: Request;
  language: Language;
  only?: readonly AuthIntent[];
}): Promise<AuthActionResult> {
  const { db, request, language, only } = options;
  const input = await readInput(request);
  if (!input) return respond(null, failure("errors.invalidRequest"));
  const intent = authIntents.find((i) => i === input.intent && (!only || only.includes(i))) ?? null;
  if (!intent) return respond(null, failure("errors.invalidRequest"));
  const args = { db, request, language, input };

  switch (intent) {
    case "signin-email":
    case "signin-phone": {
      const result = intent === "signin-email" ? await signInWithEmail(args) : await signInWithPhone(args);
      if (result.ok && result.twoFactorRequired) return respond(intent, result, { next: "two-factor" });
      return respond(intent, result, { toast: toasts.signedIn });
    }
    case "two-factor":
      return respond(intent, await verifyTwoFactorSignIn(args), { toast: toasts.signedIn });
    case "magic-link":
      return respond(intent, await sendMagicLink(args), { toast: toasts.magicLink });
    case "sms-send": {
      const result = await sendSmsCode(args);
      return respond(intent, result, { next: "sms-code", phone: result.ok ? result.phone : undefined, toast: toasts.codeSent });
    }
    case "sms-verify": {
      // A member with two-factor gives the authenticator code next, as after a password.
      const result = await verifySmsCode(args);
      if (result.ok && result.twoFactorRequired) return respond(intent, result, { next: "two-factor" });
      return respond(intent, result, { toast: toasts.signedIn });
    }
    case "signup-email":
      return respond(intent, await signUpWithEmail(args), { toast: toasts.accountCreated });
    case "signup-phone":
      return respond(intent, await startPhoneSignUp(args), { next: "signup-phone-code", toast: toasts.phoneSignupCode });
    case "signup-phone-verify": {
      const result = await completePhoneSignUp(args);
      if (result.ok && result.twoFactorRequired) return respond(intent, result, { next: "two-factor" });
      // A number that already had an account was simply signed in.
      return respond(intent, result, { toast: result.ok && result.created ? toasts.phoneAccountReady : toasts.signedIn });
    }
    case "password-reset-request":
      // The forms say it in place (the page also works without JavaScript): no toast.
      return respond(intent, await requestPasswordReset(args));
    case "password-reset":
      return respond(intent, await resetMemberPassword(args));
    case "signout":
    case "signout-everywhere": {
      const headers = await signOut({ db, request, everywhere: intent === "signout-everywhere" });
      return { status: 200, headers, data: { ok: true, intent, toast: toasts.signedOut } };
    }
  }
}

function respond(
  intent: AuthIntent | null,
  outcome: AuthOutcome,
  success: {
    next?: "two-factor" | "sms-code" | "signup-phone-code";
    phone?: string;
    toast?: { title: AuthMessageKey; body: AuthMessageKey };
  } = {},
): AuthActionResult {
  const headers = outcome.headers ?? new Headers();
  if (!outcome.ok || !intent) {
    const error = outcome.ok ? { key: "errors.invalidRequest" as const } : outcome.error;
    const status = outcome.ok ? 400 : outcome.status;
    return {
      status,
      headers,
      data: { ok: false, intent, error, field: outcome.ok ? undefined : outcome.field },
    };
  }
  const next = success.next;
  return {
    status: 200,
    headers,
    // A step that continues (two-factor, code entry) shows its toast only when it finishes.
    data: { ok: true, intent, next, phone: success.phone, toast: next === "two-factor" ? undefined : success.toast },
  };
}
