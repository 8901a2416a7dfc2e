import { eq, like, or } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { isPhoneOnlyEmail } from "~/server/auth.server";
import { defaultUsername } from "~/lib/usernames";
import { isUniqueViolation } from "~/server/db-errors.server";

export interface CreateMemberProfileOptions {
  db: AppDatabase;
  userId: string;
  fullName: string;
  email: string;
  phone: string | null;
  language: Language;
  /** The username the member typed; without one it is derived from the name. */
  username?: string;
}

/**
 * Creates the member's profile when their account is created (by any sign-up path). A derived
 * username that is taken gets the lowest free number appended: anamaria, anamaria2, …
 */
export async function createMemberProfile(options: CreateMemberProfileOptions): Promise<void> {
  const { db } = options;
  const name = options.fullName.trim();
  // Magic-link and SMS sign-ups have no name yet: use the address or number as a stand-in.
  const fallback = isPhoneOnlyEmail(options.email) ? "member" : (options.email.split("@")[0] ?? "member");
  const base = options.username ?? (defaultUsername(name) || defaultUsername(fallback) || "member");
  let username = options.username ?? (await firstFreeUsername(db, base.length >= 3 ? base : `${base}member`));
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .insert(profiles)
        .values({
          id: options.userId,
          fullName: name || null,
          displayName: name || null,
          username,
          phone: options.phone,
          preferredLanguage: options.language,
        })
        .onConflictDoNothing({ target: profiles.id });
      return;
    } catch (error) {
      // Two sign-ups raced for the same derived username: take a numbered one instead.
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      username = `${username.slice(0, 24)}${Math.floor(100 + Math.random() * 900)}`;
    }
  }
}

export async function isUsernameTaken(db: AppDatabase, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, username)).limit(1);
  return rows.length > 0 && rows[0]?.id !== exceptUserId;
}

async function firstFreeUsername(db: AppDatabase, base: string): Promise<string> {
  const stem = base.slice(0, 26);
  const rows = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(or(eq(profiles.username, stem), like(profiles.username, `${stem}%`)));
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
  }
}
