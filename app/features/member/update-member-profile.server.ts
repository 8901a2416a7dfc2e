import { eq } from "drizzle-orm";
import { z } from "zod";
import { profiles, users } from "~/db/schema";
import { NAME_MAX, normalizeName, normalizePhone } from "~/features/auth/auth-input";
import { normalizeUsername, USERNAME } from "~/lib/usernames";
import { E164 } from "~/lib/phone-formats";
import { failure, type AuthOutcome } from "~/features/auth/auth-request.server";
import { isUsernameTaken } from "~/platform/auth/create-member-profile.server";
import type { AppDatabase } from "~/server/db.server";
import { formCheckbox, formText } from "./settings-input";
import { isUniqueViolation } from "~/server/db-errors.server";

export const ZUpdateProfile = z.object({
  displayName: formText,
  username: formText,
  fullName: formText,
  phone: formText,
  preferredLanguage: z.enum(["en", "es"]),
  /** Members directory privacy: unchecked boxes are absent from the form, so false. */
  directoryListed: formCheckbox,
  directoryShowEmail: formCheckbox,
  directoryShowPhone: formCheckbox,
});
export type UpdateProfileInput = z.infer<typeof ZUpdateProfile>;

export interface UpdateMemberProfileOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/** What the form sent, so a refused form comes back filled in (no-JavaScript too). */
export type ProfileValues = Omit<UpdateProfileInput, "preferredLanguage" | DirectoryField> & {
  preferredLanguage: string;
} & Partial<Pick<UpdateProfileInput, DirectoryField>>;
type DirectoryField = "directoryListed" | "directoryShowEmail" | "directoryShowPhone";

/**
 * Saves the member's profile: names, username (same rules as sign-up, unique), optional
 * phone in E.164, the language of their emails and texts, and what other members may see
 * of them in the members directory (listed at all, email, phone). The account's own name
 * (better-auth's user.name) follows the full name.
 */
export async function updateMemberProfile(options: UpdateMemberProfileOptions): Promise<AuthOutcome & { values?: ProfileValues }> {
  const { db, userId } = options;
  const parsed = ZUpdateProfile.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const values = parsed.data;
  const refuse = (...args: Parameters<typeof failure>) => ({ ...failure(...args), values });

  const fullName = normalizeName(values.fullName);
  if (!fullName) return refuse("errors.fullNameRequired", 400, "fullName");
  if (fullName.length > NAME_MAX) return refuse("errors.fieldTooLong", 400, "fullName");
  const displayName = normalizeName(values.displayName);
  if (displayName.length > NAME_MAX) return refuse("errors.fieldTooLong", 400, "displayName");
  const username = normalizeUsername(values.username);
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
    directoryListed: values.directoryListed,
    directoryShowEmail: values.directoryShowEmail,
    directoryShowPhone: values.directoryShowPhone,
    updatedAt: new Date(),
  };
  try {
    // One transaction: the profile and the account's name change together or not at all.
    await db.transaction(async (tx) => {
      await tx
        .insert(profiles)
        .values({ id: userId, ...row })
        .onConflictDoUpdate({ target: profiles.id, set: row });
      await tx.update(users).set({ name: fullName, updatedAt: row.updatedAt }).where(eq(users.id, userId));
    });
  } catch (error) {
    // Another member took the username between the check and the write.
    if (isUniqueViolation(error)) return refuse("errors.usernameTaken", 400, "username");
    throw error;
  }
  return { ok: true };
}
