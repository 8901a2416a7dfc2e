import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/schema";
import { checkPhone } from "~/features/auth/auth-input";
import { failure, type AuthOutcome } from "~/features/auth/auth-request.server";
import { sendSmsCode, verifySmsCode } from "~/features/auth/sms-code.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { formText } from "./settings-input";

/*
 * A phone typed at sign-up or in the profile is contact information until its owner proves
 * it with a texted code; only then does it become the account's sign-in number (phone +
 * password, or a code). Linking it any earlier would let whoever owns a mistyped number into
 * the account that typed it.
 */

const ZPhone = z.object({ phone: formText });

interface VerifyPhoneOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  language: Language;
  input: Record<string, unknown>;
}

/** Step 1: text a code to the number (the same limits as a sign-in code). */
export async function sendMemberPhoneCode(options: VerifyPhoneOptions): Promise<AuthOutcome<{ phone?: string }>> {
  const free = await freeNumber(options);
  if (!free.ok) return free;
  return sendSmsCode({ ...options, input: { phone: free.phone } });
}

/** Step 2: the code proves the number, which becomes this member's sign-in number. */
export async function verifyMemberPhone(options: VerifyPhoneOptions): Promise<AuthOutcome> {
  const free = await freeNumber(options);
  if (!free.ok) return free;
  const outcome = await verifySmsCode({ ...options, toSignedInMember: true });
  // Taken by someone else between the check and the code: better-auth refuses it then.
  if (!outcome.ok && outcome.error.key === "errors.accountExists") return failure("errors.phoneInUse", 400, "phone");
  // The session stays as it was: no cookie to forward.
  return outcome.ok ? { ok: true } : outcome;
}

/** The posted number, normalised, unless it is invalid or already signs in to another account. */
async function freeNumber({ db, userId, input }: VerifyPhoneOptions) {
  const parsed = ZPhone.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkPhone(parsed.data.phone);
  if (!checked.ok) return { ...checked, status: 400 as const };
  if (await isAnotherMembersNumber(db, checked.value.phone, userId)) return failure("errors.phoneInUse", 400, "phone");
  return { ok: true as const, phone: checked.value.phone };
}

/** The number already signs in to another account (better-auth would refuse it too, after the code). */
async function isAnotherMembersNumber(db: AppDatabase, phone: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}
