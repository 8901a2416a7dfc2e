import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { magicLink } from "better-auth/plugins/magic-link";
import { phoneNumber } from "better-auth/plugins/phone-number";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, isNotNull } from "drizzle-orm";
import { accounts, profiles, sessions, twoFactors, users, verifications } from "~/db/schema";
import { E164, PHONE_ONLY_EMAIL_DOMAIN } from "~/lib/phone-formats";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "./db.server";
import { logger } from "./logger.server";
import { claimTotpCode } from "./totp-replay.server";

/** Magic links, email confirmations, password reset links and SMS codes all expire within 15 minutes. */
export const LINK_LIFETIME_SECONDS = 15 * 60;
export const SMS_CODE_LIFETIME_SECONDS = 10 * 60;

/**
 * What the auth callbacks need to know about the request that caused them: the language of
 * the message to send and, on sign-up, the profile details the spec's metadata carries.
 * better-auth's callbacks only receive the user, so the operation runs inside this store.
 */
export interface AuthCallContext {
  language: Language;
  signup?: { fullName: string; username: string; displayName: string; phone: string | null };
  /** A magic link for the admin portal: it goes to /admin/auth/callback. */
  admin?: boolean;
  /**
   * A member's magic link: the SHA-256 of the browser cookie set when it was asked for, put in
   * the link so the callback can tell the browser that asked from any other (login CSRF).
   */
  linkBrowser?: string;
}
export const authCallContext = new AsyncLocalStorage<AuthCallContext>();

export interface AuthNotifier {
  /** The sign-up confirmation: `token` goes into the /auth/callback link. */
  confirmEmail(input: { email: string; name: string; token: string }): Promise<void>;
  magicLink(input: { email: string; token: string }): Promise<void>;
  /** A password reset was asked for an account with this address: `token` goes into the /auth/reset-password link. */
  passwordReset(input: { email: string; token: string }): Promise<void>;
  smsCode(input: { phoneNumber: string; code: string }): Promise<void>;
  /** Runs inside account deletion, before the user row goes: detach their public content. */
  userDeleting(input: { id: string }): Promise<void>;
  /** A new user row exists (any sign-up path): create the member's profile. */
  userCreated(input: { id: string; name: string; email: string; phoneNumber: string | null }): Promise<void>;
}

export interface CreateAuthOptions {
  db: AppDatabase;
  publicUrl: string;
  secret: string;
  notifier: AuthNotifier;
  churchName?: string;
}

/** better-auth endpoints whose new session proves a second factor. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * Sign-ins without a password: a magic link, a texted code, a confirmation link. The two-factor
 * plugin stops only the password sign-ins (/sign-in/email, /sign-in/phone-number) for the
 * second factor; the after hook below gives these the same pending step.
 */
const PASSWORDLESS_SIGN_IN_PATHS = new Set(["/magic-link/verify", "/phone-number/verify", "/verify-email"]);
/** The plugin's pending sign-in: its cookie name and lifetime (twoFactorCookieMaxAge, default 10 minutes). */
const TWO_FACTOR_COOKIE = "two_factor";
const TWO_FACTOR_PENDING_SECONDS = 600;

/**
 * What the two-factor plugin does after a password for a member with two-factor, done after a
 * passwordless sign-in: the new session is deleted (and its cookie cleared), and the browser
 * gets the signed `two_factor` cookie of a pending sign-in instead, which /two-factor/verify-totp
 * or /two-factor/verify-backup-code turn into a session. The answer is the plugin's
 * `{ twoFactorRedirect: true }`. A session that already existed (a confirmation link opened
 * while signed in to the same account) is left alone.
 */
async function requireSecondFactor(ctx: AuthMiddlewareContext) {
  if (!PASSWORDLESS_SIGN_IN_PATHS.has(ctx.path)) return;
  const created = ctx.context.newSession;
  if (!created || !(created.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
  const held = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (held === created.session.token) return;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: TWO_FACTOR_PENDING_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_PENDING_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: created.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  return ctx.json({ twoFactorRedirect: true });
}

async function isDisabled(db: AppDatabase, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNotNull(profiles.disabledAt)))
    .limit(1);
  return rows.length > 0;
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code a /two-factor/verify-totp call checks, the way the plugin finds out: the
 * session's user, or the user of a pending sign-in (the signed two_factor cookie). Null when
 * neither: the plugin then refuses the call itself.
 */
async function twoFactorUserId(ctx: AuthMiddlewareContext): Promise<string | null> {
  const { context } = ctx;
  const token = await ctx.getSignedCookie(context.authCookies.sessionToken.name, context.secret);
  if (token) {
    const found = await context.internalAdapter.findSession(token);
    if (found && new Date(found.session.expiresAt).getTime() > Date.now()) return found.session.userId;
  }
  const pending = await ctx.getSignedCookie(context.createAuthCookie("two_factor").name, context.secret);
  if (!pending) return null;
  const verification = await context.internalAdapter.findVerificationValue(pending);
  return verification && new Date(verification.expiresAt).getTime() > Date.now() ? verification.value : null;
}

export function phoneOnlyEmail(phone: string): string {
  return `${phone.replace(/\D/g, "")}@${PHONE_ONLY_EMAIL_DOMAIN}`;
}
export function isPhoneOnlyEmail(email: string): boolean {
  return email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

export function createAuth(options: CreateAuthOptions) {
  const { notifier } = options;
  const https = options.publicUrl.startsWith("https://");
  return betterAuth({
    appName: options.churchName ?? "Church",
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      // A reset ends every session of the member (in the transaction that stores the new
      // password) and never signs anyone in: the new password is then used to sign in, second
      // factor included. Admin sessions end in reset-member-password.server.ts.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        // Phone-only accounts have no mailbox; a disabled account gets no new way in.
        if (isPhoneOnlyEmail(user.email) || (await isDisabled(options.db, user.id))) return;
        await notifier.passwordReset({ email: user.email, token });
      },
    },
    verification: {
      // A reset or magic-link token is stored as its SHA-256 only: a leaked database or backup
      // holds no usable reset link and no link that signs anyone in. (The link carries the
      // token; better-auth hashes it to look it up.)
      storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed", "magic-link:": "hashed" } },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: LINK_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (isPhoneOnlyEmail(user.email)) return;
        await notifier.confirmEmail({ email: user.email, name: user.name, token });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      freshAge: 60 * 60 * 24,
      // Set only by the session hook below; never from a request body.
      additionalFields: {
        twoFactorVerified: { type: "boolean", defaultValue: false, input: false },
        twoFactorVerifiedAt: { type: "date", required: false, input: false },
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await notifier.userDeleting({ id: user.id });
        },
      },
    },
    // Our own PostgreSQL-backed limiter guards every sign-in and send (rate-limit.server.ts).
    rateLimit: { enabled: false },
    hooks: {
      // RFC 6238 §5.2: an authenticator code works once. The plugin accepts a code for 90 s
      // and keeps no record of used ones, so one seen over a shoulder (or sent twice) would
      // open a second session: every TOTP check first claims the code's step for the user.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/two-factor/verify-totp") return;
        const code = (ctx.body as { code?: unknown } | undefined)?.code;
        if (typeof code !== "string") return;
        const userId = await twoFactorUserId(ctx);
        if (!userId) return;
        const claim = await claimTotpCode({ db: options.db, userId, code, key: ctx.context.secretConfig, includeUnverified: true });
        if (claim === "replayed") throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
      }),
      // A member's two-factor guards every way in, not only the password (issue 32, item 8a).
      after: createAuthMiddleware(requireSecondFactor),
    },
    advanced: {
      cookiePrefix: "church",
      useSecureCookies: https,
      // Set by the Express layer from the socket, or from X-Forwarded-For when TRUST_PROXY is on.
      ipAddress: { ipAddressHeaders: ["x-church-client-ip"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            // A disabled account (users section) gets no new session by any sign-in path.
            if (await isDisabled(options.db, session.userId)) {
              throw APIError.from("FORBIDDEN", { code: "ACCOUNT_DISABLED", message: "This account has been disabled" });
            }
            // Sessions born from a TOTP or backup code are marked, with the moment: for 8 hours
            // an administrator's such session opens the admin portal without a second sign-in
            // (resolve-admin-session.server.ts).
            const path = context?.path ?? "";
            const secondFactor = SECOND_FACTOR_PATHS.has(path);
            return { data: { ...session, twoFactorVerified: secondFactor, twoFactorVerifiedAt: secondFactor ? new Date() : null } };
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            await notifier.userCreated({
              id: user.id,
              name: user.name,
              email: user.email,
              phoneNumber: (user as { phoneNumber?: string | null }).phoneNumber ?? null,
            });
          },
        },
      },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        logger[method]({ args }, `better-auth: ${message}`);
      },
    },
    plugins: [
      magicLink({
        expiresIn: LINK_LIFETIME_SECONDS,
        sendMagicLink: async ({ email, token }) => {
          await notifier.magicLink({ email, token });
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: SMS_CODE_LIFETIME_SECONDS,
        allowedAttempts: 3,
        requireVerification: true,
        phoneNumberValidator: (value) => E164.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await notifier.smsCode({ phoneNumber: to, code });
        },
        signUpOnVerification: {
          getTempEmail: phoneOnlyEmail,
          getTempName: (phone) => phone,
        },
      }),
      twoFactor({
        issuer: options.churchName ?? "Church",
        allowPasswordless: true,
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: Auth | undefined;

export function setAuth(auth: Auth | undefined): void {
  current = auth;
}

export function getAuth(): Auth {
  if (!current) throw new Error("Authentication is not configured: call setAuth() at start-up");
  return current;
}

/**
 * The secret from AUTH_SECRET, or one generated once into DATA_DIR (mode 0600) so a fresh
 * install works with no configuration and sessions survive restarts.
 */
export function resolveAuthSecret(input: { configured?: string; dataDir: string }): string {
  if (input.configured) return input.configured;
  const file = path.resolve(input.dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  logger.info({ file }, "generated an auth secret (set AUTH_SECRET to manage it yourself)");
  return secret;
}
