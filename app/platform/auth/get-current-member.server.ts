import { eq } from "drizzle-orm";
import { userRoles } from "~/db/schema";
import { getAuth, isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { oncePerRequest } from "~/server/request-context.server";
import { createMemberProfile } from "./create-member-profile.server";
import { findMemberProfile, type MemberProfile } from "./find-member-profile.server";

/** What the shell needs about the signed-in member; sent to the browser, so nothing secret. */
export interface CurrentMember {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  username: string | null;
  preferredLanguage: "en" | "es";
  roles: ("admin" | "moderator")[];
  twoFactorEnabled: boolean;
  /** The guided tour has not been finished or skipped yet (profiles.has_completed_tour false). */
  tourDue: boolean;
}

export interface MemberSession {
  member: CurrentMember;
  sessionId: string;
  /** The session began with a TOTP or backup code (auth.server.ts marks it). */
  twoFactorVerified: boolean;
  /** When the session last proved a second factor (null: never); renewals leave it alone. */
  twoFactorVerifiedAt: Date | null;
  /** The number proven by a texted code, the one phone sign-in uses (users.phone_number); null: none. */
  signInPhone: string | null;
  /** Headers better-auth wants set (a refreshed session cookie). */
  headers: Headers;
  /**
   * The member's profile row as this lookup read it (null: none could be made). Server-side
   * only: /settings shows it without reading it again.
   */
  profile: MemberProfile | null;
}

/**
 * The member behind the request's session cookie, with their profile and roles; or null.
 * Looked up once per HTTP request and method: the loaders of one page share the answer; the
 * loaders after an action (a GET request of their own) look again, so they see its changes.
 */
export function getCurrentMember(options: { db: AppDatabase; request: Request }): Promise<MemberSession | null> {
  const { db, request } = options;
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("session_token")) return Promise.resolve(null);
  return oncePerRequest(`member ${request.method} ${cookie}`, () => lookUpMember(db, request));
}

async function lookUpMember(db: AppDatabase, request: Request): Promise<MemberSession | null> {
  const result = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result.response;
  if (!session) return null;
  const user = session.user as typeof session.user & { phoneNumber?: string | null; twoFactorEnabled?: boolean | null };
  const [storedProfile, roleRows] = await Promise.all([
    findMemberProfile({ db, userId: user.id }),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id)),
  ]);
  const profile = storedProfile ?? (await createMissingProfile(db, user));
  const email = isPhoneOnlyEmail(user.email) ? null : user.email;
  const phone = user.phoneNumber ?? profile?.phone ?? null;
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return {
    sessionId: session.session.id,
    twoFactorVerified: Boolean((session.session as { twoFactorVerified?: boolean | null }).twoFactorVerified),
    twoFactorVerifiedAt: toDate((session.session as { twoFactorVerifiedAt?: Date | string | null }).twoFactorVerifiedAt),
    signInPhone: user.phoneNumber ?? null,
    headers,
    profile: profile ?? null,
    member: {
      id: user.id,
      name: profile?.displayName || profile?.fullName || (user.name !== phone ? user.name : "") || email || phone || "",
      email,
      phone,
      username: profile?.username ?? null,
      preferredLanguage: profile?.preferredLanguage ?? "en",
      roles: roleRows.map((r) => r.role),
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      tourDue: !(profile?.hasCompletedTour ?? false),
    },
  };
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The profile a failed sign-up hook didn't write (see auth-notifier.server.ts), made now. */
async function createMissingProfile(
  db: AppDatabase,
  user: { id: string; name: string; email: string; phoneNumber?: string | null },
): Promise<MemberProfile | undefined> {
  const phone = user.phoneNumber ?? null;
  await createMemberProfile({
    db,
    userId: user.id,
    fullName: user.name === phone ? "" : user.name,
    email: user.email,
    phone,
    language: "en",
  });
  return findMemberProfile({ db, userId: user.id });
}
