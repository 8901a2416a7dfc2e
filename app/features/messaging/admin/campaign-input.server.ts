import { z } from "zod";
import type { AdminMessageKey } from "~/platform/admin/admin-translation";
import { BODY_MAX, SUBJECT_MAX } from "./email-constants";
import type { CampaignField, CampaignFormValues } from "./campaign-form-values";
import { encodeSegment, SEGMENT_KINDS } from "./segment-value";

export const SEGMENTS = SEGMENT_KINDS;
export type Segment = (typeof SEGMENTS)[number];

export interface CampaignInput {
  subjectEn: string;
  subjectEs: string | null;
  bodyEn: string;
  bodyEs: string | null;
  /** The stored segment: `all-members`, `event-registrants:<id>[@<occurrence>]` or `group-members:<id>` (segment-value.ts). */
  segment: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** Line endings as the mail will carry them; trailing spaces dropped. */
const clean = (value: string) => value.replace(/\r\n?/g, "\n").trim();

export function formValues(input: Record<string, unknown>): CampaignFormValues {
  return {
    subjectEn: text(input.subjectEn),
    subjectEs: text(input.subjectEs),
    bodyEn: text(input.bodyEn),
    bodyEs: text(input.bodyEs),
    segment: text(input.segment) || "all-members",
    segmentEvent: text(input.segmentEvent),
    segmentOccurrence: text(input.segmentOccurrence),
    segmentGroup: text(input.segmentGroup),
  };
}

/** An ISO instant a stored segment can carry (a four-digit year). */
function isInstant(value: string): boolean {
  if (value.length > 40) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && /^\d{4}-/.test(date.toISOString());
}

const subject = z
  .string()
  .transform(clean)
  .pipe(
    z
      .string()
      .max(SUBJECT_MAX, "errors.subjectTooLong")
      .refine((s) => !s.includes("\n"), "errors.subjectTooLong"),
  );
const body = z.string().transform(clean).pipe(z.string().max(BODY_MAX, "errors.bodyTooLong"));

const Schema = z
  .object({
    subjectEn: subject.refine((s) => s.length > 0, "errors.subjectRequired"),
    bodyEn: body.refine((s) => s.length > 0, "errors.bodyRequired"),
    subjectEs: subject,
    bodyEs: body,
    segment: z.enum(SEGMENTS, { error: "errors.segmentInvalid" }),
    segmentEvent: z.string().trim(),
    segmentOccurrence: z.string().trim(),
    segmentGroup: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    if (value.segment === "event-registrants") {
      if (!/^\d{1,9}$/.test(value.segmentEvent) || Number(value.segmentEvent) <= 0) {
        ctx.addIssue({ code: "custom", path: ["segmentEvent"], message: "errors.eventRequired" });
      }
      if (value.segmentOccurrence !== "" && !isInstant(value.segmentOccurrence)) {
        ctx.addIssue({ code: "custom", path: ["segmentOccurrence"], message: "errors.occurrenceInvalid" });
      }
    }
    if (value.segment === "group-members" && (!/^\d{1,9}$/.test(value.segmentGroup) || Number(value.segmentGroup) <= 0)) {
      ctx.addIssue({ code: "custom", path: ["segmentGroup"], message: "errors.groupRequired" });
    }
    const hasSubject = value.subjectEs.length > 0;
    const hasBody = value.bodyEs.length > 0;
    if (hasSubject !== hasBody) {
      ctx.addIssue({ code: "custom", path: [hasSubject ? "bodyEs" : "subjectEs"], message: "errors.spanishIncomplete" });
    }
  });

export type ParsedCampaign =
  | { ok: true; input: CampaignInput; values: CampaignFormValues }
  | { ok: false; values: CampaignFormValues; fieldErrors: Partial<Record<CampaignField, AdminMessageKey>> };

/** Validates the compose form; errors are translation keys of the email strings. */
export function parseCampaign(raw: Record<string, unknown>): ParsedCampaign {
  const values = formValues(raw);
  const result = Schema.safeParse(values);
  if (!result.success) {
    const fieldErrors: Partial<Record<CampaignField, AdminMessageKey>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as CampaignField;
      fieldErrors[field] ??= `email.${issue.message}` as AdminMessageKey;
    }
    return { ok: false, values, fieldErrors };
  }
  const { subjectEn, subjectEs, bodyEn, bodyEs, segment, segmentEvent, segmentOccurrence, segmentGroup } = result.data;
  const stored = encodeSegment({
    kind: segment,
    eventId: segment === "event-registrants" ? Number(segmentEvent) : null,
    occurrence: segment === "event-registrants" && segmentOccurrence ? new Date(segmentOccurrence).toISOString() : null,
    groupId: segment === "group-members" ? Number(segmentGroup) : null,
  });
  return {
    ok: true,
    values,
    input: { subjectEn, bodyEn, subjectEs: subjectEs || null, bodyEs: bodyEs || null, segment: stored },
  };
}

export const ZCampaignId = z.uuid();
