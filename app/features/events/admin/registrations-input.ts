import { z } from "zod";
import { readSearchQuery } from "~/lib/search-query";

/** The page's selection as the URL carries it; anything unreadable is simply not applied. */
export interface RegistrationFilters {
  eventId: number | null;
  /** An occurrence start as an ISO instant. */
  occurrence: Date | null;
  q: string;
}

export function readEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function readOccurrence(value: string | null | undefined): Date | null {
  if (!value || value.length > 40) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function readRegistrationFilters(url: URL): RegistrationFilters {
  return {
    eventId: readEventId(url.searchParams.get("event")),
    occurrence: readOccurrence(url.searchParams.get("occurrence")),
    q: readSearchQuery(url),
  };
}

export const ZCheckIn = z.object({
  intent: z.enum(["check-in", "undo-check-in"]),
  registrationId: z.uuid(),
});
