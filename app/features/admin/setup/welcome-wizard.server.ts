import type { AdminContext } from "~/platform/admin/require-admin.server";
import { loadSettings } from "~/features/admin/settings/load-settings.server";
import { saveChurchProfile } from "~/features/admin/settings/save-church-profile.server";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import type { AppDatabase } from "~/server/db.server";

/** The welcome wizard's steps, in order (issue 34): the church, its service times, its look, done. */
export const WIZARD_STEPS = ["church", "times", "look", "done"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function wizardStep(value: string | null): WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value ?? "") ? (value as WizardStep) : "church";
}

export function nextStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)]!;
}

/** What the wizard's church step asks; the rest of the profile keeps its values (or defaults). */
export const WIZARD_PROFILE_FIELDS = [
  "nameEn",
  "nameEs",
  "taglineEn",
  "taglineEs",
  "streetAddress",
  "city",
  "region",
  "postalCode",
  "phone",
  "smsKeyword",
  "timeZone",
] as const;

/** The time zones of the United States and its territories, as the picker offers them. */
export const US_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "Pacific/Guam",
] as const;

/** "+12175550142" → "(217) 555-0142"; other numbers as typed. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  const us = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone.trim();
}

export async function loadWelcomeWizard(db: AppDatabase) {
  const settings = await loadSettings({ db });
  return {
    configured: settings.configured,
    profile: settings.profile,
    serviceTimes: settings.serviceTimes,
    look: settings.look,
  };
}

/**
 * The church step: the fields the wizard shows over the saved profile (or the defaults of a
 * new one), the printed phone number made from the number unless staff set their own, and the
 * SMS keyword HOME unless given; saved by the settings' own profile save (validation, audit).
 */
export async function saveWizardChurch({
  context,
  input,
}: {
  context: AdminContext;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { profile } = await loadSettings({ db: context.db });
  const merged: Record<string, unknown> = { ...profile };
  for (const field of WIZARD_PROFILE_FIELDS) merged[field] = typeof input[field] === "string" ? input[field] : "";
  const phone = String(merged.phone ?? "");
  if (!profile.phoneDisplay || profile.phone !== phone) merged.phoneDisplay = displayPhone(phone);
  if (!String(merged.smsKeyword).trim()) merged.smsKeyword = "HOME";
  return saveChurchProfile({ context, input: merged });
}
