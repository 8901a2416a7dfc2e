import { adminAuthAttempts } from "~/db/schema";
import { clientIp } from "~/server/request-input.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";

export type AdminAuthMethod =
  "password" | "two-factor" | "magic-link" | "magic-link-request" | "member-session" | "enrolment" | "setup-code";

/** Spec: log_admin_auth_attempt (email, success, failure reason), with IP, device and time. */
export async function logAdminAuthAttempt(options: {
  db: AppDatabase;
  request: Request;
  email: string;
  userId?: string | null;
  success: boolean;
  method: AdminAuthMethod;
  failureReason?: string;
}): Promise<void> {
  const { db, request } = options;
  const entry = {
    email: options.email.slice(0, 320).toLowerCase(),
    userId: options.userId ?? null,
    success: options.success,
    method: options.method,
    failureReason: options.success ? null : (options.failureReason ?? "unknown"),
    ipAddress: clientIp(request),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
  };
  try {
    await db.insert(adminAuthAttempts).values(entry);
  } catch (error) {
    // The attempt itself must not fail because its log line could not be written.
    logger.error({ err: error, attempt: entry }, "could not log an admin sign-in attempt");
  }
  if (!options.success) logger.warn({ attempt: entry }, "admin sign-in attempt failed");
}
