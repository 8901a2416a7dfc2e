import { asc, eq } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { formatDuration } from "~/features/sermons/sermon-dates";
import type { SermonFormValues } from "./sermon-form";

/** What the editor shows: the form's values, the series and topics to pick, the current files. Null for an unknown id. */
export async function loadSermonEditor({ db, sermonId, today }: { db: AppDatabase; sermonId: number | null; today: string }) {
  const [series, topics] = await Promise.all([
    db.select({ id: sermonSeries.id, title: sermonSeries.titleEn }).from(sermonSeries).orderBy(asc(sermonSeries.titleEn)),
    db
      .select({ id: sermonTopics.id, name: sermonTopics.nameEn, nameEs: sermonTopics.nameEs })
      .from(sermonTopics)
      .orderBy(asc(sermonTopics.nameEn)),
  ]);
  if (sermonId === null) {
    const values: SermonFormValues = { status: "draft", preachedOn: today };
    return {
      id: null,
      slug: null,
      status: "draft" as const,
      values,
      topicIds: [] as string[],
      series,
      topics,
      media: { audio: null, videoFile: null, notes: null },
    };
  }
  const [row] = await db.select().from(sermons).where(eq(sermons.id, sermonId));
  if (!row) return null;
  const links = await db.select({ id: sermonTopicLinks.topicId }).from(sermonTopicLinks).where(eq(sermonTopicLinks.sermonId, sermonId));
  const values: SermonFormValues = {
    titleEn: row.titleEn,
    titleEs: row.titleEs ?? "",
    slug: row.slug,
    summaryEn: row.summaryEn,
    summaryEs: row.summaryEs ?? "",
    seriesId: row.seriesId ? String(row.seriesId) : "",
    speaker: row.speaker,
    preachedOn: row.preachedOn,
    scripture: row.scripture ?? "",
    videoUrl: row.videoUrl ?? "",
    audioUrl: row.audioUrl ?? "",
    audioDuration: row.audioDurationSeconds ? formatDuration(row.audioDurationSeconds) : "",
    status: row.status,
  };
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    values,
    topicIds: links.map((l) => String(l.id)),
    series,
    topics,
    media: {
      audio: row.audioUrl ? { url: row.audioUrl, bytes: row.audioBytes, type: row.audioMimeType } : null,
      videoFile: row.videoFileUrl ? { url: row.videoFileUrl } : null,
      notes: row.notesUrl ? { url: row.notesUrl, fileName: row.notesFileName ?? "" } : null,
    },
  };
}
