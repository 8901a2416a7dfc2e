/* The spec's usernames (section 5): what one may hold, and the default made from a name. */

/** Lower-case letters in any script (so "anamaría" is a username), digits, dots, dashes, underscores. */
export const USERNAME = /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}._-]{3,30}$/u;
const NOT_USERNAME_CHARACTER = /[^\p{Ll}\p{Lo}\p{Lm}\p{M}\p{N}._-]/gu;

/**
 * The spec's default username: the full name lower-cased without spaces ("Ana María" →
 * "anamaría"); punctuation a username can't hold (an apostrophe, say) is dropped too.
 */
export function defaultUsername(fullName: string): string {
  const letters = fullName.normalize("NFC").toLowerCase().replace(/\s+/g, "").replace(NOT_USERNAME_CHARACTER, "");
  return Array.from(letters).slice(0, 30).join("");
}

/** A username as typed: trimmed, lower-cased, in one Unicode form so "é" is always one letter. */
export function normalizeUsername(value: string): string {
  return value.trim().normalize("NFC").toLowerCase();
}
