import { z } from "zod";
import { profiles } from "~/db/schema";
import { E164, NAME_MAX, normalizeName, normalizePhone, USERNAME } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { isUsernameTaken } from "~/features/auth/create-member-profile.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { formText } from "./settings-input";

export const ZUpdateProfile = z.object({
  displayName: formText,
  username: formText,
  fullName: formText,
  phone: formText,
  preferredLanguage: z.enum(["en", "es"]),
});
export type UpdateProfileInput = z.infer<typeof ZUpdateProfile>;

export interface UpdateMemberProfileOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/** What the form sent, so a refused form comes back filled in (no-JavaScript too). */
export type ProfileValues = Omit<UpdateProfileInput, "preferredLanguage"> & { preferredLanguage: string };

/**
 * Saves the member's profile: names, username (same rules as sign-up, unique), optional
 * phone in E.164, and the language of their emails and texts. The account's own name
 * (better-auth's user.name) follows the full name.
 */
export async function updateMemberProfile(
  options: UpdateMemberProfileOptions,
): Promise<AuthOutcome & { values?: ProfileValues }> {
  const { db, request, userId } = options;
  const parsed = ZUpdateProfile.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const values = parsed.data;
  const refuse = (...args: Parameters<typeof failure>) => ({ ...failure(...args), values });

  const fullName = normalizeName(values.fullName);
  if (!fullName) return refuse("errors.fullNameRequired", 400, "fullName");
  if (fullName.length > NAME_MAX) return refuse("errors.fieldTooLong", 400, "fullName");
  const displayName = normalizeName(values.displayName);
  if (displayName.length > NAME_MAX) return refuse("errors.fieldTooLong", 400, "displayName");
  const username = values.username.trim().toLowerCase();
  if (!username) return refuse("errors.usernameRequired", 400, "username");
  if (!USERNAME.test(username)) return refuse("errors.invalidUsername", 400, "username");
  let phone: string | null = null;
  if (values.phone.trim()) {
    phone = normalizePhone(values.phone);
    if (!E164.test(phone)) return refuse("errors.invalidPhone", 400, "phone");
  }
  if (await isUsernameTaken(db, username, userId)) return refuse("errors.usernameTaken", 400, "username");

  const row = {
    fullName,
    displayName: displayName || null,
    username,
    phone,
    preferredLanguage: values.preferredLanguage,
    updatedAt: new Date(),
  };
  try {
    await db
      .insert(profiles)
      .values({ id: userId, ...row })
      .onConflictDoUpdate({ target: profiles.id, set: row });
  } catch (error) {
    // Another member took the username between the check and the write.
    if (isUniqueViolation(error)) return refuse("errors.usernameTaken", 400, "username");
    throw error;
  }

  try {
    const result = await getAuth().api.updateUser({
      body: { name: fullName },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return { ...fromAuthError(error), values };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
}

