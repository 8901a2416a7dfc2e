import { z } from "zod";
import type { AuthMessageKey } from "~/features/auth/auth-translation";

/**
 * A form field as the settings forms send it: a string, absent means empty. Anything over
 * 10,000 characters is refused as an invalid request before any rule runs.
 */
export const formText = z.string().max(10_000).optional().default("");

/**
 * A checkbox as a form sends it: absent (unchecked) is false; "on" (the browser's value),
 * "true" or a JSON boolean is true. Anything else is an invalid request.
 */
export const formCheckbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** The intents the /settings action answers; each one posts its own form. */
export const settingsIntents = [
  "update-profile",
  "send-phone-code",
  "verify-phone",
  "change-password",
  "set-password",
  "enable-two-factor",
  "confirm-two-factor",
  "disable-two-factor",
  "revoke-other-sessions",
  "revoke-session",
  "reset-calendar-link",
  "delete-account",
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** The words that confirm an account deletion, in either language, compared case-insensitively. */
export const deleteConfirmWords = ["DELETE", "ELIMINAR"] as const;

export function isDeleteConfirmation(value: string): boolean {
  const word = value.trim().toUpperCase();
  return deleteConfirmWords.some((w) => w === word);
}

/** The sections of /settings; each is also the fragment a finished form returns to. */
export type SettingsSection = "profile" | "password" | "two-factor" | "sessions" | "calendar" | "download-data" | "delete-account";

/**
 * What a finished form says after its redirect (`/settings?done=…#section`). Only these
 * names are read back from the URL, so a link can't make the page say something else.
 */
export const settingsNotices = {
  profile: { section: "profile", key: "toast.savedBody" },
  "phone-verified": { section: "profile", key: "settings.phoneVerified" },
  "password-changed": { section: "password", key: "settings.passwordChanged" },
  "password-set": { section: "password", key: "settings.passwordSet" },
  "two-factor-on": { section: "two-factor", key: "settings.twoFactorEnabled" },
  "two-factor-off": { section: "two-factor", key: "settings.twoFactorDisabled" },
  "others-signed-out": { section: "sessions", key: "settings.othersSignedOut" },
  "session-revoked": { section: "sessions", key: "settings.sessionRevoked" },
  "calendar-link-reset": { section: "calendar", key: "settings.calendarLinkReset" },
} as const satisfies Record<string, { section: SettingsSection; key: AuthMessageKey }>;
export type SettingsNotice = keyof typeof settingsNotices;

export function isSettingsNotice(value: unknown): value is SettingsNotice {
  return typeof value === "string" && Object.hasOwn(settingsNotices, value);
}

/** The notice for the page's `done` search parameter, or null for anything not on the list. */
export function settingsNoticeFor(done: string | null) {
  return isSettingsNotice(done) ? settingsNotices[done] : null;
}
