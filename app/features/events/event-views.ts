import type { EventCategory } from "./event-categories";

/**
 * One occurrence as the events pages show it: every date and time already formatted on the
 * server in the church's time zone and the visitor's language (no date library in the browser,
 * and no hydration drift between the server's and the browser's clocks).
 */
export interface OccurrenceView {
  key: string;
  slug: string;
  /** The detail page, with ?date= for a recurring event's occurrence. */
  href: string;
  title: string;
  summary: string;
  category: EventCategory;
  cancelled: boolean;
  /** YYYY-MM-DD in the church's time zone. */
  localDate: string;
  /** ISO instant, for <time dateTime>. */
  start: string;
  dateLabel: string;
  timeLabel: string;
  placeName: string | null;
  address: string | null;
  mapUrl: string | null;
  imageUrl: string | null;
  imageAlt: string;
  capacity: number | null;
  /** Null when there is no limit. */
  placesLeft: number | null;
  rsvpEnabled: boolean;
}

export interface CalendarDay {
  /** YYYY-MM-DD, or null for a padding cell before the 1st or after the last day. */
  date: string | null;
  day: number;
  label: string;
  isToday: boolean;
  occurrences: OccurrenceView[];
}
