/**
 * Who a campaign goes to, as `email_campaigns.segment` stores it (no server code here, the
 * page reads it too): `all-members`; `event-registrants:<event id>` with an optional
 * `@<occurrence start ISO>` (without it, the event's next occurrence when the mail is sent);
 * `group-members:<study group id>`.
 */
export const SEGMENT_KINDS = ["all-members", "event-registrants", "group-members"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export interface SegmentChoice {
  kind: SegmentKind;
  eventId: number | null;
  occurrence: string | null;
  groupId: number | null;
}

const EVENT_SEGMENT = /^event-registrants:(\d{1,9})(?:@(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z))?$/;
const GROUP_SEGMENT = /^group-members:(\d{1,9})$/;

export function encodeSegment(choice: SegmentChoice): string {
  if (choice.kind === "group-members" && choice.groupId !== null) return `group-members:${choice.groupId}`;
  if (choice.kind !== "event-registrants" || choice.eventId === null) return choice.kind;
  return choice.occurrence ? `event-registrants:${choice.eventId}@${choice.occurrence}` : `event-registrants:${choice.eventId}`;
}

export function decodeSegment(value: string): SegmentChoice | null {
  if (value === "all-members") return { kind: "all-members", eventId: null, occurrence: null, groupId: null };
  const group = GROUP_SEGMENT.exec(value);
  if (group) {
    const groupId = Number(group[1]);
    return groupId > 0 ? { kind: "group-members", eventId: null, occurrence: null, groupId } : null;
  }
  const match = EVENT_SEGMENT.exec(value);
  if (!match) return null;
  const eventId = Number(match[1]);
  if (eventId <= 0) return null;
  return { kind: "event-registrants", eventId, occurrence: match[2] ?? null, groupId: null };
}
