/** A phone number in E.164 form (`+` and up to 15 digits). */
export const E164 = /^\+[1-9]\d{6,14}$/;
/** Phone-only accounts get a placeholder address on this domain, which can never receive mail. */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone.invalid";

/**
 * A phone as people write it, in E.164: "+52 55 1234 5678" as it is; ten digits (a US or
 * Canadian number written "(555) 010-0101") get +1; eleven starting with 1 get +. Null for
 * anything else (letters, an extension, too short).
 */
export function toE164(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().\-/]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  let e164: string;
  if (trimmed.startsWith("+")) e164 = `+${digits}`;
  else if (digits.length === 10) e164 = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith("1")) e164 = `+${digits}`;
  else return null;
  return E164.test(e164) ? e164 : null;
}
