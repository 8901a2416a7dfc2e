import { createHash, randomBytes } from "node:crypto";
import { readCookie } from "~/lib/cookies";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { adminSessions, adminUsers, profiles, userRoles, users } from "~/db/schema";
import { isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { MODERATOR_SCOPES, type ScopeName } from "./admin-sections";

/** The admin cookie: HttpOnly, SameSite=Lax, Secure on https; its value is a random token. */
export const ADMIN_COOKIE = "church_admin";
/** An admin session ends after 2 hours without use… */
export const ADMIN_IDLE_SECONDS = 2 * 60 * 60;
/** …and 8 hours after it began, however busy (unless extended with a fresh code). */
export const ADMIN_ABSOLUTE_SECONDS = 8 * 60 * 60;
/** Last-seen is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type AdminRole = "admin" | "moderator";

/** What a validated admin session says about who is at the keyboard (spec: admin-session-validate). */
export interface AdminIdentity {
  userId: string;
  name: string;
  email: string | null;
  /** The spec's `availableRoles`. */
  roles: AdminRole[];
  scopes: ScopeName[];
}

export interface AdminSessionInfo {
  id: string;
  method: "sign-in" | "member-session";
  createdAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export function hashAdminToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Who may hold an admin session: role admin with an admin record (its scopes), or role
 * moderator (the moderation queues); never a disabled account. Null = not an administrator.
 */
export async function findAdminIdentity(options: { db: AppDatabase; userId: string }): Promise<AdminIdentity | null> {
  const { db, userId } = options;
  const [person] = await db
    .select({
      email: users.email,
      userName: users.name,
      disabledAt: profiles.disabledAt,
      displayName: profiles.displayName,
      fullName: profiles.fullName,
      adminName: adminUsers.name,
      scopes: adminUsers.scopes,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!person || person.disabledAt) return null;
  const roleRows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const roles = roleRows.map((r) => r.role);
  const scopes = new Set<ScopeName>();
  const isAdmin = roles.includes("admin") && person.scopes !== null;
  if (isAdmin) for (const scope of person.scopes ?? []) scopes.add(scope as ScopeName);
  if (roles.includes("moderator")) for (const scope of MODERATOR_SCOPES) scopes.add(scope);
  if (!isAdmin && !roles.includes("moderator")) return null;
  const email = isPhoneOnlyEmail(person.email) ? null : person.email;
  return {
    userId,
    name: person.adminName || person.displayName || person.fullName || person.userName || email || "",
    email,
    roles: roles.filter((r): r is AdminRole => r === "admin" || r === "moderator"),
    scopes: [...scopes],
  };
}

export interface CreatedAdminSession {
  token: string;
  session: AdminSessionInfo;
}

export async function createAdminSession(options: {
  db: AppDatabase;
  userId: string;
  method: AdminSessionInfo["method"];
  ipAddress?: string | null;
  userAgent?: string | null;
  /** No later end than this (an automatic session ends 8 hours after the code it rests on). */
  notAfter?: Date;
}): Promise<CreatedAdminSession> {
  const { db, userId, method } = options;
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const cap = options.notAfter?.getTime() ?? Number.POSITIVE_INFINITY;
  const [row] = await db
    .insert(adminSessions)
    .values({
      tokenHash: hashAdminToken(token),
      userId,
      method,
      ipAddress: options.ipAddress ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(Math.min(now + ADMIN_IDLE_SECONDS * 1000, cap)),
      absoluteExpiresAt: new Date(Math.min(now + ADMIN_ABSOLUTE_SECONDS * 1000, cap)),
    })
    .returning();
  return { token, session: toInfo(row!) };
}

export interface ValidatedAdminSession {
  session: AdminSessionInfo;
  admin: AdminIdentity;
}

/**
 * Spec: admin-session-validate. A live, unrevoked session of someone who is still an
 * administrator; its idle expiry slides forward (never past the absolute limit).
 */
export async function validateAdminSession(options: { db: AppDatabase; token: string }): Promise<ValidatedAdminSession | null> {
  const { db, token } = options;
  if (!token || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, hashAdminToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const admin = await findAdminIdentity({ db, userId: row.userId });
  if (!admin) {
    await revokeAdminSessions({ db, userId: row.userId });
    return null;
  }
  let current = row;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + ADMIN_IDLE_SECONDS * 1000, row.absoluteExpiresAt.getTime()));
    const [touched] = await db.update(adminSessions).set({ lastSeenAt: now, expiresAt }).where(eq(adminSessions.id, row.id)).returning();
    if (touched) current = touched;
  }
  return { session: toInfo(current), admin };
}

/** Revokes one session (logout), or every session of a user except `exceptId`. */
export async function revokeAdminSession(options: { db: AppDatabase; sessionId: string; userId: string }): Promise<boolean> {
  const rows = await options.db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminSessions.id, options.sessionId), eq(adminSessions.userId, options.userId), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  return rows.length > 0;
}

/** `exceptToken`: the session of the device asking (a member's "sign out other devices"). */
export async function revokeAdminSessions(options: {
  db: AppDatabase;
  userId: string;
  exceptId?: string;
  exceptToken?: string | null;
}): Promise<number> {
  const { db, userId, exceptId, exceptToken } = options;
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(adminSessions.userId, userId),
        isNull(adminSessions.revokedAt),
        exceptId ? ne(adminSessions.id, exceptId) : undefined,
        exceptToken ? ne(adminSessions.tokenHash, hashAdminToken(exceptToken)) : undefined,
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length;
}

/** Ends the session a token belongs to (a sign-out on the device holding it); its user, or null. */
export async function revokeAdminSessionByToken(options: { db: AppDatabase; token: string }): Promise<string | null> {
  if (!options.token || options.token.length > 200) return null;
  const [row] = await options.db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminSessions.tokenHash, hashAdminToken(options.token)), isNull(adminSessions.revokedAt)))
    .returning({ userId: adminSessions.userId });
  return row?.userId ?? null;
}

/** A fresh second factor restarts both limits (session-update: "Extend session"). */
export async function extendAdminSession(options: { db: AppDatabase; sessionId: string }): Promise<AdminSessionInfo | null> {
  const now = Date.now();
  const [row] = await options.db
    .update(adminSessions)
    .set({
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + ADMIN_IDLE_SECONDS * 1000),
      absoluteExpiresAt: new Date(now + ADMIN_ABSOLUTE_SECONDS * 1000),
    })
    .where(and(eq(adminSessions.id, options.sessionId), isNull(adminSessions.revokedAt)))
    .returning();
  return row ? toInfo(row) : null;
}

/** The user's live admin sessions, newest first (session-update lists them). */
export async function listAdminSessions(options: { db: AppDatabase; userId: string }): Promise<AdminSessionInfo[]> {
  const now = new Date();
  const rows = await options.db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, options.userId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(sql`${adminSessions.lastSeenAt} desc`)
    .limit(50);
  return rows.map(toInfo);
}

function toInfo(row: typeof adminSessions.$inferSelect): AdminSessionInfo {
  return {
    id: row.id,
    method: row.method,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    absoluteExpiresAt: row.absoluteExpiresAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

export function adminSessionCookie(token: string, options: { https: boolean }): string {
  const secure = options.https ? "; Secure" : "";
  // No Max-Age: the cookie ends with the browser; the server-side limits end it sooner.
  return `${ADMIN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearAdminSessionCookie(options: { https: boolean }): string {
  const secure = options.https ? "; Secure" : "";
  return `${ADMIN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** The admin token from a Cookie header, if any. */
export function readAdminToken(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, ADMIN_COOKIE) || null;
}
