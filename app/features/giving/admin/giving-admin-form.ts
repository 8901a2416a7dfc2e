/** The /admin/giving forms' fields and what the action answers (no server code: the route component imports it). */
export const FUND_FIELDS = ["name", "nameEs", "description", "descriptionEs", "sortOrder"] as const;
export type FundField = (typeof FUND_FIELDS)[number];
export type FundFormValues = Partial<Record<FundField | "active", string>>;
export const FUND_LIMITS: Record<FundField, number> = { name: 120, nameEs: 120, description: 1000, descriptionEs: 1000, sortOrder: 6 };

export const SETTINGS_FIELDS = ["feePercent", "feeFixed", "textKeyword", "textNumber"] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsFormValues = Partial<Record<SettingsField, string>>;

export type GivingFieldError = "required" | "tooLong" | "sortOrder" | "feePercent" | "feeFixed" | "textKeyword" | "textNumber" | "textPair";

export type GivingAdminMessage =
  | "invalid"
  | "invalidRequest"
  | "notFound"
  | "confirmDelete"
  | "confirmCancel"
  | "fundCreated"
  | "fundSaved"
  | "fundDeleted"
  | "fundDeactivated"
  | "fundInUse"
  | "settingsSaved"
  | "unchanged"
  | "recurringCanceled"
  | "alreadyCanceled"
  | "stripeNotConfigured"
  | "stripeFailed";

export const GIVING_NOTICES = [
  "fundCreated",
  "fundSaved",
  "fundDeleted",
  "fundDeactivated",
  "settingsSaved",
  "unchanged",
  "recurringCanceled",
] as const satisfies readonly GivingAdminMessage[];

export interface GivingAdminResult {
  ok: false;
  intent: string | null;
  message: GivingAdminMessage;
  /** The fund or recurring gift the message is about. */
  targetId?: string;
  fundValues?: FundFormValues;
  settingsValues?: SettingsFormValues;
  fieldErrors: Partial<Record<FundField | SettingsField, GivingFieldError>>;
}
