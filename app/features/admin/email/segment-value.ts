import type { CampaignFormValues } from "./campaign-input.server";
/**
 * Who a campaign goes to, as `email_campaigns.segment` stores it (no server code here, the
 * page reads it too): `all-members`, or `event-registrants:<event id>` with an optional
 * `@<occurrence start ISO>` (without it, the event's next occurrence when the mail is sent).
 */
export const SEGMENT_KINDS = ["all-members", "event-registrants"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export interface SegmentChoice {
  kind: SegmentKind;
  eventId: number | null;
  occurrence: string | null;
}

const EVENT_SEGMENT = /^event-registrants:(\d{1,9})(?:@(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z))?$/;

export function encodeSegment(choice: SegmentChoice): string {
  if (choice.kind !== "event-registrants" || choice.eventId === null) return choice.kind;
  return choice.occurrence ? `event-registrants:${choice.eventId}@${choice.occurrence}` : `event-registrants:${choice.eventId}`;
}

export function decodeSegment(value: string): SegmentChoice | null {
  if (value === "all-members") return { kind: "all-members", eventId: null, occurrence: null };
  const match = EVENT_SEGMENT.exec(value);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId <= 0) return null;
  return { kind: "event-registrants", eventId, occurrence: match[2] ?? null };
}

/** The form's values for a stored campaign (its segment split into its parts). */
export function storedFormValues(campaign: { subjectEn: string; subjectEs: string | null; bodyEn: string; bodyEs: string | null; segment: string }): CampaignFormValues {
  const choice = decodeSegment(campaign.segment);
  return {
    subjectEn: campaign.subjectEn,
    subjectEs: campaign.subjectEs ?? "",
    bodyEn: campaign.bodyEn,
    bodyEs: campaign.bodyEs ?? "",
    segment: choice?.kind ?? campaign.segment,
    segmentEvent: choice?.eventId ? String(choice.eventId) : "",
    segmentOccurrence: choice?.occurrence ?? "",
  };
}
