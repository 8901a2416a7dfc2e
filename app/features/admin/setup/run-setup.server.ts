import { createHmac } from "node:crypto";
import { z } from "zod";
import { readCookie } from "~/lib/cookies";
import { adminConfirmEnrolment, adminPasswordSignIn } from "~/features/admin/admin-sign-in.server";
import { ADMIN_PASSWORD_MIN, AdministratorInputError, createAdministrator } from "~/features/admin/create-administrator.server";
import { normalizeEmail, PASSWORD_MAX } from "~/features/auth/auth-input";
import { commonPasswords } from "~/features/auth/common-passwords.server";
import type { TwoFactorEnrolment } from "~/features/member/two-factor-enrolment.server";
import type { Language } from "~/i18n/config";
import { SUPER_ADMIN_SCOPE } from "~/platform/admin/admin-sections";
import type { AdminMessage } from "~/platform/admin/admin-translation";
import { logAdminAuthAttempt } from "~/platform/admin/log-admin-auth-attempt.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { clientIp } from "~/server/request-input.server";
import {
  claimSetupCode,
  clearSetupCode,
  currentSetupCodeHash,
  hasAdministrator,
  restoreSetupCode,
  setupCodeMatches,
  SETUP_PROOF_SECONDS,
  signSetupProof,
  verifySetupProof,
} from "./setup-code.server";
import { SYSTEM_ACTORS } from "~/lib/audit-actions";

export const SETUP_PROOF_COOKIE = "church_setup";

/** Wrong codes: ten per address, a hundred from everywhere, per 15 minutes (the code has ~59 bits). */
export const setupLimits = {
  perIp: { limit: 10, windowSeconds: 15 * 60 },
  overall: { limit: 100, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type SetupStep = "code" | "account" | "enrol" | "backup-codes";

export type SetupOutcome =
  | { ok: true; step: SetupStep; enrolment?: TwoFactorEnrolment; backupCodes?: string[]; headers: Headers }
  | {
      ok: false;
      status: 400 | 401 | 403 | 404 | 409 | 429 | 503;
      step: SetupStep;
      error: AdminMessage;
      enrolment?: TwoFactorEnrolment | null;
      fieldErrors?: Record<string, AdminMessage>;
      values?: Record<string, string>;
      headers: Headers;
    };

let proofKey: { secret: string; key: string } | undefined;
/** A key of its own for the proof cookie, derived from the secret the sign-in uses. */
async function setupProofKey(): Promise<string> {
  const { secret } = await getAuth().$context;
  if (proofKey?.secret !== secret) {
    proofKey = { secret, key: createHmac("sha256", secret).update("church:setup-proof:v1").digest("base64url") };
  }
  return proofKey.key;
}

function proofCookie(value: string, https: boolean, maxAge = SETUP_PROOF_SECONDS): string {
  return `${SETUP_PROOF_COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${https ? "; Secure" : ""}`;
}

/** Which step this browser is at: the code until it proved it, then the account. */
export async function setupStep(db: AppDatabase, request: Request): Promise<"code" | "account"> {
  const hash = await currentSetupCodeHash(db);
  return verifySetupProof(await setupProofKey(), hash, readCookie(request.headers.get("cookie"), SETUP_PROOF_COOKIE)) ? "account" : "code";
}

const fail = (
  status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
  step: SetupStep,
  error: AdminMessage,
  extra: Partial<Pick<Extract<SetupOutcome, { ok: false }>, "fieldErrors" | "values" | "headers">> = {},
): SetupOutcome => ({ ok: false, status, step, error, headers: new Headers(), ...extra });

interface SetupOptions {
  db: AppDatabase;
  request: Request;
  language: Language;
  https: boolean;
  input: Record<string, unknown>;
  /** Where the setup-code file is (DATA_DIR). */
  dataDir?: string;
}

/** Step 1: the setup code. Wrong ones are counted per address and overall, and logged. */
export async function submitSetupCode({ db, request, https, input }: SetupOptions): Promise<SetupOutcome> {
  if (await hasAdministrator(db)) return fail(404, "code", { key: "setup.errors.done" });
  const code = typeof input.code === "string" ? input.code.slice(0, 100) : "";
  if (!code.trim())
    return fail(400, "code", { key: "setup.errors.codeRequired" }, { fieldErrors: { code: { key: "setup.errors.codeRequired" } } });
  const [perIp, overall] = await Promise.all([
    consumeRateLimit(db, `setup-code:ip:${clientIp(request)}`, setupLimits.perIp),
    consumeRateLimit(db, "setup-code:all", setupLimits.overall),
  ]);
  const log = (success: boolean, failureReason?: string) =>
    logAdminAuthAttempt({ db, request, email: "(setup code)", success, method: "setup-code", failureReason });
  if (!perIp.allowed || !overall.allowed) {
    await log(false, "rate limited");
    const seconds = Math.max(perIp.allowed ? 0 : perIp.retryAfterSeconds, overall.allowed ? 0 : overall.retryAfterSeconds);
    return fail(429, "code", { key: "setup.errors.rateLimited", values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } });
  }
  const hash = await currentSetupCodeHash(db);
  if (!hash || !setupCodeMatches(hash, code)) {
    await log(false, "wrong setup code");
    return fail(400, "code", { key: "setup.errors.wrongCode" }, { fieldErrors: { code: { key: "setup.errors.wrongCode" } } });
  }
  await log(true);
  const headers = new Headers();
  headers.append("Set-Cookie", proofCookie(signSetupProof(await setupProofKey(), hash), https));
  return { ok: true, step: "account", headers };
}

const ZAccount = z.object({
  name: z.string().trim().min(1, "setup.errors.nameRequired").max(200, "setup.errors.nameTooLong"),
  email: z
    .string()
    .trim()
    .min(1, "setup.errors.emailRequired")
    .max(320, "setup.errors.emailInvalid")
    .transform(normalizeEmail)
    .pipe(z.email("setup.errors.emailInvalid")),
  password: z
    .string()
    .min(ADMIN_PASSWORD_MIN, "setup.errors.passwordShort")
    .max(PASSWORD_MAX, "setup.errors.passwordLong")
    .refine((value) => !commonPasswords.has(value.toLowerCase()), "setup.errors.passwordCommon"),
  confirm: z.string(),
});

/**
 * Step 2: the first super administrator (name, email, password), with the code proven in this
 * browser. The code is used up first, so only one of two people racing gets to make it; then
 * the account is signed in with the password just typed and two-factor enrolment starts, as
 * at a first sign-in to the portal (the login page's enrolment step finishes it).
 */
export async function submitSetupAccount(options: SetupOptions): Promise<SetupOutcome> {
  const { db, request, language, https, input } = options;
  if (await hasAdministrator(db)) return fail(404, "account", { key: "setup.errors.done" });
  const hash = await currentSetupCodeHash(db);
  if (!verifySetupProof(await setupProofKey(), hash, readCookie(request.headers.get("cookie"), SETUP_PROOF_COOKIE))) {
    return fail(400, "code", { key: "setup.errors.proofExpired" });
  }
  const values = {
    name: typeof input.name === "string" ? input.name : "",
    email: typeof input.email === "string" ? input.email : "",
  };
  const parsed = ZAccount.safeParse({ ...values, password: input.password ?? "", confirm: input.confirm ?? "" });
  const fieldErrors: Record<string, AdminMessage> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fieldErrors[field] ??= { key: issue.message.startsWith("setup.") ? (issue.message as AdminMessage["key"]) : "setup.errors.invalid" };
    }
  } else if (parsed.data.password !== parsed.data.confirm) {
    fieldErrors.confirm = { key: "setup.errors.passwordMismatch" };
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return fail(400, "account", { key: "setup.errors.invalid" }, { fieldErrors, values });
  }
  const { name, email, password } = parsed.data;
  if (!(await claimSetupCode(db, hash!))) return fail(409, "code", { key: "setup.errors.codeUsed" });
  let userId: string;
  try {
    ({ userId } = await createAdministrator({
      db,
      auth: getAuth(),
      input: { email, password, name, scopes: [SUPER_ADMIN_SCOPE] },
      language,
      actorName: SYSTEM_ACTORS.firstRunSetup,
    }));
  } catch (error) {
    await restoreSetupCode(db, hash!);
    if (error instanceof AdministratorInputError) return fail(400, "account", { key: "setup.errors.invalid" }, { values });
    logger.error({ err: error }, "first-run setup could not make the administrator");
    return fail(503, "account", { key: "setup.errors.tryLater" }, { values });
  }
  await clearSetupCode({ db, dataDir: options.dataDir ?? getEnv().DATA_DIR });
  await recordAudit({
    db,
    actor: { userId, name },
    ipAddress: clientIp(request),
    entry: {
      action: "setup.first_administrator",
      entityType: "admin",
      entityId: userId,
      after: { email, name, scopes: [SUPER_ADMIN_SCOPE] },
    },
  });
  const signedIn = await adminPasswordSignIn({ db, request, language, https, input: { email, password } });
  const headers = new Headers(signedIn.headers);
  headers.append("Set-Cookie", proofCookie("", https, 0));
  if (!signedIn.ok || signedIn.step !== "enrol" || !signedIn.enrolment) {
    // The account exists: the login page takes it from here.
    return { ok: true, step: "enrol", headers };
  }
  return { ok: true, step: "enrol", enrolment: signedIn.enrolment, headers };
}

/**
 * Step 3: the first code from the authenticator turns two-factor on and opens the portal (the
 * login page's own enrolment step); the backup codes are shown once more, to keep.
 */
export async function confirmSetupEnrolment(options: SetupOptions): Promise<SetupOutcome> {
  const outcome = await adminConfirmEnrolment(options);
  if (outcome.ok) return { ok: true, step: "backup-codes", backupCodes: outcome.backupCodes ?? [], headers: outcome.headers };
  return {
    ok: false,
    status: outcome.status,
    step: outcome.step === "enrol" ? "enrol" : "code",
    error: outcome.error,
    enrolment: outcome.enrolment,
    headers: outcome.headers,
  };
}
