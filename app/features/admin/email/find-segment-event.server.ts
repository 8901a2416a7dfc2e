import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { decodeSegment } from "./segment-value";

/** False when a stored segment names an event that does not exist (anything else: true). */
export async function segmentEventExists(db: AppDatabase, segment: string): Promise<boolean> {
  const choice = decodeSegment(segment);
  if (choice?.kind !== "event-registrants" || choice.eventId === null) return true;
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, choice.eventId)).limit(1);
  return Boolean(row);
}
