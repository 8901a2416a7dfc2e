/** The admin ministry form: its fields and what the action answers (no server code: the route component imports it). */
export const OPPORTUNITY_TEXT_FIELDS = [
  "title",
  "titleEs",
  "description",
  "descriptionEs",
  "schedule",
  "scheduleEs",
  "slug",
  "sortOrder",
] as const;
export type OpportunityTextField = (typeof OPPORTUNITY_TEXT_FIELDS)[number];
/** What the form shows: every field as text ("on" for the checkbox). */
export type OpportunityFormValues = Partial<Record<OpportunityTextField | "active", string>>;

export type OpportunityFieldError = "required" | "tooLong" | "invalidSlug" | "slugTaken" | "sortOrder";

export type OpportunityAdminMessage =
  "created" | "saved" | "unchanged" | "deleted" | "invalid" | "invalidRequest" | "notFound" | "confirmDelete";

export interface OpportunityAdminResult {
  ok: false;
  intent: "save" | "delete" | null;
  message: OpportunityAdminMessage;
  values?: OpportunityFormValues;
  fieldErrors: Partial<Record<OpportunityTextField, OpportunityFieldError>>;
}

export const TEXT_LIMITS: Record<OpportunityTextField, number> = {
  title: 160,
  titleEs: 160,
  description: 4000,
  descriptionEs: 4000,
  schedule: 300,
  scheduleEs: 300,
  slug: 80,
  sortOrder: 6,
};
