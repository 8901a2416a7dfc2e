import { eq } from "drizzle-orm";
import { z } from "zod";
import { adminUsers, profiles, userRoles } from "~/db/schema";
import { normalizeEmail, PASSWORD_MAX } from "~/features/auth/auth-input";
import { commonPasswords } from "~/features/auth/common-passwords.server";
import { createMemberProfile } from "~/platform/auth/create-member-profile.server";
import type { Auth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { isScopeName, SUPER_ADMIN_SCOPE, type ScopeName } from "~/platform/admin/admin-sections";
import { revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { Language } from "~/i18n/config";
import { SYSTEM_ACTORS } from "~/lib/audit-actions";

/** Administrators get a longer minimum than members' 6 characters. */
export const ADMIN_PASSWORD_MIN = 10;

export const ZCreateAdministrator = z.object({
  email: z.string().trim().min(1, "--email is required").max(320),
  password: z.string().max(PASSWORD_MAX).optional(),
  name: z.string().trim().min(1, "--name is required").max(200),
  scopes: z.array(z.string()).default([SUPER_ADMIN_SCOPE]),
});

export type CreateAdministratorInput = z.input<typeof ZCreateAdministrator>;

export class AdministratorInputError extends Error {}

/**
 * `npm run admin:create`: creates an administrator — a member account (confirmed email,
 * password) with the role admin and an admin record with scopes — or updates an existing
 * account's name, scopes and (when given) password. No default admin or password exists:
 * this is the only way the first one is made. Two-factor is set up at the first sign-in.
 */
export async function createAdministrator(options: {
  db: AppDatabase;
  auth: Auth;
  input: CreateAdministratorInput;
  /** The new account's language (English unless given). */
  language?: Language;
  /** Who the audit log names as having made it. */
  actorName?: string;
}): Promise<{ created: boolean; userId: string; scopes: ScopeName[] }> {
  const { db, auth } = options;
  const parsed = ZCreateAdministrator.safeParse(options.input);
  if (!parsed.success) throw new AdministratorInputError(parsed.error.issues.map((i) => i.message).join("; "));
  const email = normalizeEmail(parsed.data.email);
  if (!z.email().safeParse(email).success) throw new AdministratorInputError(`"${parsed.data.email}" is not an email address`);
  const scopes = [...new Set(parsed.data.scopes.map((s) => s.trim()).filter(Boolean))];
  const unknown = scopes.filter((s) => !isScopeName(s));
  if (unknown.length > 0) throw new AdministratorInputError(`unknown scope(s): ${unknown.join(", ")}`);
  if (scopes.length === 0) throw new AdministratorInputError("--scopes needs at least one scope");
  const password = parsed.data.password;
  if (password !== undefined) {
    if (password.length < ADMIN_PASSWORD_MIN)
      throw new AdministratorInputError(`the password must be at least ${ADMIN_PASSWORD_MIN} characters long`);
    if (commonPasswords.has(password.toLowerCase())) throw new AdministratorInputError("that password is too common; choose another");
  }

  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!existing && password === undefined) throw new AdministratorInputError("--password is required for a new administrator");
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.user.id;
    if (!existing.user.emailVerified) await context.internalAdapter.updateUser(userId, { emailVerified: true });
  } else {
    const user = await context.internalAdapter.createUser({ email, name: parsed.data.name, emailVerified: true }, { method: "admin" });
    userId = user.id;
    created = true;
  }
  if (password !== undefined) {
    const hash = await context.password.hash(password);
    const credential = existing?.accounts.find((a) => a.providerId === "credential");
    if (credential) await context.internalAdapter.updatePassword(userId, hash);
    else await context.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
    if (existing) {
      // A new password ends the sessions the old one opened.
      await context.internalAdapter.deleteUserSessions(userId);
      await revokeAdminSessions({ db, userId });
    }
  }

  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!profile)
    await createMemberProfile({ db, userId, fullName: parsed.data.name, email, phone: null, language: options.language ?? "en" });

  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.userId, userId)).limit(1);
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    await tx
      .insert(adminUsers)
      .values({ userId, name: parsed.data.name, scopes })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { name: parsed.data.name, scopes, updatedAt: new Date() } });
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: { userId: null as unknown as string, name: options.actorName ?? SYSTEM_ACTORS.commandLine },
      entry: {
        action: before ? "admin.update" : "admin.create",
        entityType: "admin",
        entityId: userId,
        before: before ? { name: before.name, scopes: before.scopes } : null,
        after: { email, name: parsed.data.name, scopes, passwordChanged: password !== undefined },
      },
    });
  });
  return { created, userId, scopes: scopes as ScopeName[] };
}

/** `--scopes a,b` or `--scopes "a b"` → ["a", "b"]. */
export function parseScopes(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(/[\s,]+/).filter(Boolean);
}
