import { and, eq } from "drizzle-orm";
import { events, studyGroups } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { decodeSegment } from "./segment-value";

/**
 * The compose field to blame when a stored segment names an event that does not exist or a
 * study group that does not exist or is archived; null when the segment's target is there.
 */
export async function findMissingSegmentTarget(db: AppDatabase, segment: string): Promise<"segmentEvent" | "segmentGroup" | null> {
  const choice = decodeSegment(segment);
  if (choice?.kind === "event-registrants" && choice.eventId !== null) {
    const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, choice.eventId)).limit(1);
    return row ? null : "segmentEvent";
  }
  if (choice?.kind === "group-members" && choice.groupId !== null) {
    const [row] = await db
      .select({ id: studyGroups.id })
      .from(studyGroups)
      .where(and(eq(studyGroups.id, choice.groupId), eq(studyGroups.status, "active")))
      .limit(1);
    return row ? null : "segmentGroup";
  }
  return null;
}
