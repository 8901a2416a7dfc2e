/** A sermon in a list (archive, "more in this series"), in the reader's language. */
export interface SermonCardView {
  id: number;
  slug: string;
  href: string;
  title: string;
  summary: string;
  speaker: string;
  scripture: string | null;
  /** YYYY-MM-DD */
  date: string;
  dateLabel: string;
  series: { slug: string; title: string } | null;
  topics: { slug: string; name: string }[];
  hasAudio: boolean;
  hasVideo: boolean;
}

/** A series or topic to browse by, with its number of published sermons. */
export interface SermonFacet {
  slug: string;
  name: string;
  count: number;
}

export const SERMONS_PAGE_SIZE = 10;
/** The longest search the archive takes (longer input is cut). */
export const MAX_SEARCH_LENGTH = 200;

/** The /sermons URL with the given filters (shareable; empty ones left out). */
export function sermonsHref(filters: { q?: string | null; series?: string | null; topic?: string | null; page?: number | null }): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.series) params.set("series", filters.series);
  if (filters.topic) params.set("topic", filters.topic);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return `/sermons${query ? `?${query}` : ""}`;
}
