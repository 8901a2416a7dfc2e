/** The pub/sub channel for live "I'm praying" counts, and its event (shared with the browser). */
export const PRAYER_COUNTS_CHANNEL = "prayer-counts";

export interface PrayingCountEvent {
  id: string;
  count: number;
  /** So the stream can keep members-only requests from guests. */
  visibility: "public" | "members";
}

export function parsePrayingCountEvent(text: string): PrayingCountEvent | null {
  try {
    const value = JSON.parse(text) as Partial<PrayingCountEvent>;
    if (
      typeof value.id !== "string" ||
      typeof value.count !== "number" ||
      (value.visibility !== "public" && value.visibility !== "members")
    )
      return null;
    return { id: value.id, count: value.count, visibility: value.visibility };
  } catch {
    return null;
  }
}
