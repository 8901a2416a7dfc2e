import type { AdminContext } from "~/platform/admin/require-admin.server";
import { loadSettings } from "~/features/admin/settings/load-settings.server";
import { saveChurchProfile } from "~/features/admin/settings/save-church-profile.server";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import type { AppDatabase } from "~/server/db.server";
import { toE164 } from "~/lib/phone-formats";
import { churchSettings } from "~/db/schema";
import { demoSettings } from "~/platform/seed/demo-church";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
import { WIZARD_PROFILE_FIELDS, wizardSteps } from "./welcome-wizard";
import { getEnv } from "~/server/env.server";
import { DEMO_CONFIRM_VALUE } from "~/features/admin/settings/demo-confirm";
import { loadDemoStatus, removeDemoChurch } from "~/features/admin/settings/remove-demo-church.server";

/** "+12175550142" → "(217) 555-0142"; other numbers as typed. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  const us = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone.trim();
}

/** Values that are no one church's (the country, the time zone, the SMS word): never blanked. */
const GENERIC_FIELDS = new Set(["country", "timeZone", "smsKeyword"]);

/**
 * The profile without the demo church's facts: a field that still holds Living Hope's value is
 * empty, so the wizard's form does not offer the demo's name and address as the church's own,
 * and its save does not keep the demo's map, links or email.
 */
export function withoutDemoValues(profile: Record<string, string>): Record<string, string> {
  const demo = demoSettings as Record<string, unknown>;
  const out: Record<string, string> = { ...profile };
  for (const [field, value] of Object.entries(profile)) {
    if (GENERIC_FIELDS.has(field) || demo[field] == null) continue;
    if (String(demo[field]) === value) out[field] = "";
  }
  return out;
}

function printedPhone(profile: Record<string, string>): Record<string, string> {
  return { ...profile, phone: profile.phoneDisplay || profile.phone || "" };
}

export async function loadWelcomeWizard(db: AppDatabase, dataDir: string) {
  const [settings, demo] = await Promise.all([loadSettings({ db }), loadDemoStatus({ db, dataDir })]);
  return {
    configured: settings.configured,
    // The number as the church prints it, not as it is stored (+12175550142).
    profile: printedPhone(withoutDemoValues(settings.profile)),
    serviceTimes: settings.serviceTimes,
    look: settings.look,
    demo,
    steps: wizardSteps(demo.state === "present"),
  };
}

/**
 * The demo step: "keep" changes nothing (Settings offers the removal later); "empty" removes
 * the demo church as Settings does (backup first, audit-logged), the choice being the
 * confirmation.
 */
export async function chooseDemo({ context, input, dataDir }: { context: AdminContext; input: Record<string, unknown>; dataDir: string }) {
  if (input.demo === "keep") return { ok: true as const, kept: true };
  if (input.demo !== "empty") {
    return { ok: false as const, status: 400 as const, error: { key: "setup.wizard.demo.choose" as const } };
  }
  const result = await removeDemoChurch({ context, input: { confirm: DEMO_CONFIRM_VALUE }, dataDir, authSecret: getEnv().AUTH_SECRET });
  return result.ok ? { ok: true as const, kept: false } : { ok: false as const, status: result.status, error: result.error };
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
  const merged: Record<string, unknown> = withoutDemoValues(profile);
  for (const field of WIZARD_PROFILE_FIELDS) merged[field] = typeof input[field] === "string" ? input[field] : "";
  const typed = String(merged.phone ?? "");
  // As typed when it is no phone number: the profile's own check then says so.
  const phone = toE164(typed) ?? typed.trim();
  merged.phone = phone;
  if (!profile.phoneDisplay || profile.phone !== phone) merged.phoneDisplay = displayPhone(phone);
  if (!String(merged.smsKeyword).trim()) merged.smsKeyword = "HOME";
  const result = await saveChurchProfile({ context, input: merged });
  if (result.ok) {
    // The picture shown when the site is shared: the demo's is not the church's.
    const [row] = await context.db.select({ ogImageUrl: churchSettings.ogImageUrl }).from(churchSettings).limit(1);
    if (row?.ogImageUrl && row.ogImageUrl === demoSettings.ogImageUrl) {
      await updateChurchSettings({
        db: context.db,
        actor: context.admin,
        ipAddress: context.ip,
        action: "settings.profile.update",
        next: { ogImageUrl: null },
      });
    }
  }
  return result;
}
