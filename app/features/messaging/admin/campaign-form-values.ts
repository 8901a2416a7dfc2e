import { decodeSegment } from "./segment-value";

/*
 * The compose form's values, as strings: what it posts and what it shows again (no server
 * code here, the page reads it too; campaign-input.server.ts parses them).
 */

/** What the compose form posts, as strings (echoed back so the form keeps them). */
export interface CampaignFormValues {
  subjectEn: string;
  subjectEs: string;
  bodyEn: string;
  bodyEs: string;
  segment: string;
  /** For `event-registrants`: the event's id, and optionally one occurrence (ISO start). */
  segmentEvent: string;
  segmentOccurrence: string;
  /** For `group-members`: the study group's id. */
  segmentGroup: string;
}

export type CampaignField = keyof CampaignFormValues;

/** The form's values for a stored campaign (its segment split into its parts). */
export function storedFormValues(campaign: {
  subjectEn: string;
  subjectEs: string | null;
  bodyEn: string;
  bodyEs: string | null;
  segment: string;
}): CampaignFormValues {
  const choice = decodeSegment(campaign.segment);
  return {
    subjectEn: campaign.subjectEn,
    subjectEs: campaign.subjectEs ?? "",
    bodyEn: campaign.bodyEn,
    bodyEs: campaign.bodyEs ?? "",
    segment: choice?.kind ?? campaign.segment,
    segmentEvent: choice?.eventId ? String(choice.eventId) : "",
    segmentOccurrence: choice?.occurrence ?? "",
    segmentGroup: choice?.groupId ? String(choice.groupId) : "",
  };
}
