import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { blankEventValues, eventToFormValues, type EventFormValues } from "./event-form";

export interface EventEditor {
  id: number | null;
  slug: string | null;
  status: "draft" | "published" | "cancelled";
  imageUrl: string | null;
  values: EventFormValues;
}

/** The form of an event (or of a new one when `eventId` is null); null when the event does not exist. */
export async function loadEventEditor(options: { db: AppDatabase; eventId: number | null; timeZone: string }): Promise<EventEditor | null> {
  if (options.eventId === null) return { id: null, slug: null, status: "draft", imageUrl: null, values: blankEventValues() };
  const [row] = await options.db.select().from(events).where(eq(events.id, options.eventId));
  if (!row) return null;
  return { id: row.id, slug: row.slug, status: row.status, imageUrl: row.imageUrl, values: eventToFormValues(row, options.timeZone) };
}
