import type { AdminContext } from "~/platform/admin/require-admin.server";
import { loadSettings } from "~/features/admin/settings/load-settings.server";
import { saveChurchProfile } from "~/features/admin/settings/save-church-profile.server";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import type { AppDatabase } from "~/server/db.server";
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

export async function loadWelcomeWizard(db: AppDatabase, dataDir: string) {
  const [settings, demo] = await Promise.all([loadSettings({ db }), loadDemoStatus({ db, dataDir })]);
  return {
    configured: settings.configured,
    profile: settings.profile,
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
  const merged: Record<string, unknown> = { ...profile };
  for (const field of WIZARD_PROFILE_FIELDS) merged[field] = typeof input[field] === "string" ? input[field] : "";
  const phone = String(merged.phone ?? "");
  if (!profile.phoneDisplay || profile.phone !== phone) merged.phoneDisplay = displayPhone(phone);
  if (!String(merged.smsKeyword).trim()) merged.smsKeyword = "HOME";
  return saveChurchProfile({ context, input: merged });
}
