/** The sermon editor's field names and error codes, shared by the form and its server checks. */

export type SermonFormValues = Record<string, string>;

export const SERMON_FIELD_ERRORS = [
  "required",
  "tooLong",
  "date",
  "slug",
  "slugTaken",
  "videoUrl",
  "videoBoth",
  "audioUrl",
  "duration",
  "series",
  "topics",
  "uploadType",
  "uploadTooLarge",
  "uploadEmpty",
] as const;
export type SermonFieldError = (typeof SERMON_FIELD_ERRORS)[number];

export const SERMON_STATUSES = ["draft", "published"] as const;
export type SermonStatus = (typeof SERMON_STATUSES)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Paths under /sermons/ that a sermon slug must not take. */
export const RESERVED_SERMON_SLUGS = ["feed.xml", "feed", "new", "series", "topics"] as const;

/** "5400", "90:00", "1:30:00" → seconds; "" → null; anything else → undefined (invalid). */
export function parseDuration(value: string): number | null | undefined {
  const v = value.trim();
  if (v === "") return null;
  if (/^\d{1,6}$/.test(v)) {
    const n = Number(v);
    return n > 0 && n <= 86_400 ? n : undefined;
  }
  const match = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)$/.exec(v);
  if (!match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return seconds > 0 ? seconds : undefined;
}
