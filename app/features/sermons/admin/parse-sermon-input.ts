import { z } from "zod";
import { parseVideoUrl } from "~/features/sermons/video-embed";
import {
  parseDuration,
  RESERVED_SERMON_SLUGS,
  SERMON_STATUSES,
  SLUG_PATTERN,
  type SermonFieldError,
  type SermonFormValues,
  type SermonStatus,
} from "./sermon-form";

/** The sermon columns the form sets (uploads are handled beside it). */
export interface SermonInput {
  slug: string | null;
  titleEn: string;
  titleEs: string | null;
  summaryEn: string;
  summaryEs: string | null;
  seriesId: number | null;
  topicIds: number[];
  speaker: string;
  preachedOn: string;
  scripture: string | null;
  videoUrl: string | null;
  removeVideoFile: boolean;
  /** "" none; "/…" a file on this site; https://… elsewhere. */
  audioUrl: string | null;
  removeAudio: boolean;
  audioDurationSeconds: number | null;
  removeNotes: boolean;
  status: SermonStatus;
}

const trimmed = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(max, "tooLong"));
const required = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, "required").max(max, "tooLong"));
const optional = (max: number) => trimmed(max).transform((s) => (s === "" ? null : s));
const checkbox = z
  .string()
  .optional()
  .transform((s) => s === "on" || s === "true" || s === "1");

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "1900-01-01" && value <= "2999-12-31";
}

function validAudioUrl(value: string): boolean {
  if (value.startsWith("/")) return /^\/(?:uploads|media)\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes("..");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const schema = z.object({
  titleEn: required(200),
  titleEs: optional(200),
  summaryEn: required(5000),
  summaryEs: optional(5000),
  slug: trimmed(100)
    .transform((s) => s.toLowerCase())
    .refine((s) => s === "" || (SLUG_PATTERN.test(s) && !(RESERVED_SERMON_SLUGS as readonly string[]).includes(s)), "slug")
    .transform((s) => (s === "" ? null : s)),
  seriesId: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .refine((s) => s === "" || /^[1-9]\d{0,9}$/.test(s), "series")
    .transform((s) => (s === "" ? null : Number(s))),
  speaker: required(200),
  preachedOn: z.string().trim().refine(validDate, "date"),
  scripture: optional(300),
  videoUrl: optional(2000).refine((s) => s === null || parseVideoUrl(s) !== null, "videoUrl"),
  removeVideoFile: checkbox,
  audioUrl: optional(2000).refine((s) => s === null || validAudioUrl(s), "audioUrl"),
  removeAudio: checkbox,
  audioDuration: z
    .string()
    .optional()
    .transform((s) => parseDuration(s ?? ""))
    .refine((n) => n !== undefined, "duration"),
  removeNotes: checkbox,
  status: z.enum(SERMON_STATUSES, "required"),
});

export type ParseSermonResult = { ok: true; input: SermonInput } | { ok: false; fieldErrors: Record<string, SermonFieldError> };

/** Checks the editor's fields; every problem is reported at once, by field. */
export function parseSermonInput(values: SermonFormValues, topicIds: string[]): ParseSermonResult {
  const fieldErrors: Record<string, SermonFieldError> = {};
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      const code = issue.message as SermonFieldError;
      fieldErrors[key] ??= (["required", "tooLong", "date", "slug", "videoUrl", "audioUrl", "duration", "series"] as string[]).includes(
        code,
      )
        ? code
        : "required";
    }
  }
  const topics: number[] = [];
  for (const id of topicIds) {
    if (!/^[1-9]\d{0,9}$/.test(id)) fieldErrors.topics = "topics";
    else if (!topics.includes(Number(id))) topics.push(Number(id));
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const d = parsed.data;
  return {
    ok: true,
    input: {
      slug: d.slug,
      titleEn: d.titleEn,
      titleEs: d.titleEs,
      summaryEn: d.summaryEn,
      summaryEs: d.summaryEs,
      seriesId: d.seriesId,
      topicIds: topics,
      speaker: d.speaker,
      preachedOn: d.preachedOn,
      scripture: d.scripture,
      videoUrl: d.videoUrl,
      removeVideoFile: d.removeVideoFile,
      audioUrl: d.audioUrl,
      removeAudio: d.removeAudio,
      audioDurationSeconds: d.audioDuration ?? null,
      removeNotes: d.removeNotes,
      status: d.status,
    },
  };
}
