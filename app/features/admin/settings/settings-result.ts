import type { AdminMessage } from "../../../platform/admin/admin-translation";

export type SettingsIntent =
  | "save-profile"
  | "save-service-time"
  | "delete-service-time"
  | "move-service-time"
  | "send-test-email"
  | "send-test-sms"
  | "save-retention"
  | "save-look"
  | "save-logo"
  | "remove-demo";

/**
 * What every settings action answers: a notice on success; on failure a status (4xx only),
 * an overall message and/or per-field messages, and what was typed so the form keeps it.
 */
export type SettingsResult =
  | { ok: true; intent: SettingsIntent; notice: AdminMessage; at: number }
  | {
      ok: false;
      /** 503: the backup before removing the demo failed (nothing was removed). */
      status: 400 | 404 | 409 | 429 | 503;
      intent: SettingsIntent | null;
      /** The service time the failed form was editing (null for the add form). */
      targetId?: number | null;
      error?: AdminMessage;
      fieldErrors?: Record<string, AdminMessage>;
      values?: Record<string, string>;
    };

export function success(intent: SettingsIntent, notice: AdminMessage): SettingsResult {
  return { ok: true, intent, notice, at: Date.now() };
}

/** Form values as plain strings: a JSON number becomes its text, anything else "". */
export function stringValues(input: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const raw = input[field];
    values[field] = typeof raw === "string" ? raw : typeof raw === "number" && Number.isFinite(raw) ? String(raw) : "";
  }
  return values;
}

/** The first message zod gave for each top-level field (messages are translation keys). */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, AdminMessage> {
  const errors: Record<string, AdminMessage> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= { key: issue.message as AdminMessage["key"] };
  }
  return errors;
}
