/** The categories an event may have (events.category), in the order the filter shows them. */
export const eventCategories = ["worship", "study", "youth", "fundraiser", "community", "other"] as const;
export type EventCategory = (typeof eventCategories)[number];

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === "string" && (eventCategories as readonly string[]).includes(value);
}

/** The map link of a place: the event's own map URL, else an OpenStreetMap search for the address. */
export function mapLinkOf(place: { mapUrl: string | null; address: string | null }): string | null {
  if (place.mapUrl) return place.mapUrl;
  if (place.address) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}`;
  return null;
}
