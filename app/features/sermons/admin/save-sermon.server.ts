import { and, eq, inArray, ne } from "drizzle-orm";
import { sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { mediaTypeOf } from "~/features/sermons/media-types";
import type { AppDatabase } from "~/server/db.server";
import { parseSermonInput } from "./parse-sermon-input";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { RESERVED_SERMON_SLUGS, type SermonFieldError, type SermonFormValues } from "./sermon-form";
import { removeUploadedFile, type SermonUploads } from "./sermon-uploads.server";
import { isUniqueViolation } from "~/server/db-errors.server";

export type SaveSermonResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; reason: "invalid" | "notFound"; fieldErrors: Record<string, SermonFieldError> };

type SermonRow = typeof sermons.$inferSelect;

const UPLOAD_FIELD = { audio: "audioFile", video: "videoFile", notes: "notesFile" } as const;

const AUDITED = [
  "slug",
  "titleEn",
  "titleEs",
  "summaryEn",
  "summaryEs",
  "seriesId",
  "speaker",
  "scripture",
  "preachedOn",
  "videoUrl",
  "videoFileUrl",
  "audioUrl",
  "audioMimeType",
  "audioBytes",
  "audioDurationSeconds",
  "notesUrl",
  "notesFileName",
  "status",
] as const;

function auditable(row: Record<string, unknown>, topicIds: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of AUDITED) out[key] = row[key] ?? null;
  out.topicIds = [...topicIds].sort((a, b) => a - b);
  return out;
}

/**
 * Creates (`sermonId` null) or updates a sermon from the editor: every field and upload
 * checked first, then the row, its topics, an audit entry and a new content version in one
 * transaction. Refused input writes nothing, and the files this request uploaded are removed;
 * files a change replaced are removed after the commit.
 */
export async function saveSermon(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  sermonId: number | null;
  values: SermonFormValues;
  topicIds: string[];
  uploads: SermonUploads;
  uploadRoot?: string;
}): Promise<SaveSermonResult> {
  const { db, sermonId, uploads } = options;
  const refuse = async (status: 400 | 404, fieldErrors: Record<string, SermonFieldError>): Promise<SaveSermonResult> => {
    await uploads.removeAll();
    return { ok: false, status, reason: status === 404 ? "notFound" : "invalid", fieldErrors };
  };

  let current: SermonRow | undefined;
  let currentTopics: number[] = [];
  if (sermonId !== null) {
    [current] = await db.select().from(sermons).where(eq(sermons.id, sermonId));
    if (!current) return refuse(404, {});
    currentTopics = (
      await db.select({ id: sermonTopicLinks.topicId }).from(sermonTopicLinks).where(eq(sermonTopicLinks.sermonId, sermonId))
    ).map((r) => r.id);
  }
  const parsed = parseSermonInput(options.values, options.topicIds);
  const fieldErrors: Record<string, SermonFieldError> = parsed.ok ? {} : { ...parsed.fieldErrors };
  for (const [kind, error] of Object.entries(uploads.errors)) fieldErrors[UPLOAD_FIELD[kind as keyof typeof UPLOAD_FIELD]] = error;
  if (!parsed.ok) return refuse(400, fieldErrors);
  const input = parsed.input;

  if (input.seriesId !== null) {
    const [series] = await db.select({ id: sermonSeries.id }).from(sermonSeries).where(eq(sermonSeries.id, input.seriesId));
    if (!series) fieldErrors.seriesId = "series";
  }
  if (input.topicIds.length > 0) {
    const found = await db.select({ id: sermonTopics.id }).from(sermonTopics).where(inArray(sermonTopics.id, input.topicIds));
    if (found.length !== input.topicIds.length) fieldErrors.topics = "topics";
  }
  if (input.slug) {
    const [clash] = await db
      .select({ id: sermons.id })
      .from(sermons)
      .where(sermonId === null ? eq(sermons.slug, input.slug) : and(eq(sermons.slug, input.slug), ne(sermons.id, sermonId)));
    if (clash) fieldErrors.slug = "slugTaken";
  }
  const { stored } = uploads;
  const videoFileUrl = stored.video?.url ?? (input.removeVideoFile ? null : (current?.videoFileUrl ?? null));
  if (input.videoUrl && videoFileUrl) fieldErrors.videoUrl = "videoBoth";
  if (Object.keys(fieldErrors).length > 0) return refuse(400, fieldErrors);

  // Audio: a new upload wins; else removed; else a changed link (its size unknown); else as it was.
  let audio: Pick<SermonRow, "audioUrl" | "audioMimeType" | "audioBytes">;
  if (stored.audio) audio = { audioUrl: stored.audio.url, audioMimeType: stored.audio.mimeType, audioBytes: stored.audio.bytes };
  else if (input.removeAudio || input.audioUrl === null) audio = { audioUrl: null, audioMimeType: null, audioBytes: null };
  else if (input.audioUrl !== (current?.audioUrl ?? null))
    audio = { audioUrl: input.audioUrl, audioMimeType: mediaTypeOf(input.audioUrl) ?? "audio/mpeg", audioBytes: null };
  else audio = { audioUrl: current!.audioUrl, audioMimeType: current!.audioMimeType, audioBytes: current!.audioBytes };
  const notes = stored.notes
    ? { notesUrl: stored.notes.url, notesFileName: stored.notes.originalName }
    : input.removeNotes
      ? { notesUrl: null, notesFileName: null }
      : { notesUrl: current?.notesUrl ?? null, notesFileName: current?.notesFileName ?? null };

  const columns = {
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    summaryEn: input.summaryEn,
    summaryEs: input.summaryEs,
    seriesId: input.seriesId,
    speaker: input.speaker,
    scripture: input.scripture,
    preachedOn: input.preachedOn,
    videoUrl: input.videoUrl,
    videoFileUrl,
    ...audio,
    audioDurationSeconds: audio.audioUrl ? input.audioDurationSeconds : null,
    ...notes,
    status: input.status,
  };

  let result: SaveSermonResult;
  try {
    result = await db.transaction(async (tx) => {
      const t = tx as unknown as AppDatabase;
      const slug =
        input.slug ?? (current ? current.slug : await uniqueSlug(t, sermons.slug, slugify(input.titleEn, "sermon"), RESERVED_SERMON_SLUGS));
      const row = { ...columns, slug };
      if (!current) {
        const [created] = await t.insert(sermons).values(row).returning({ id: sermons.id });
        const id = created!.id;
        if (input.topicIds.length) await t.insert(sermonTopicLinks).values(input.topicIds.map((topicId) => ({ sermonId: id, topicId })));
        await recordAudit({
          db: t,
          actor: options.actor,
          ipAddress: options.ip,
          entry: { action: "sermon.create", entityType: "sermon", entityId: String(id), after: auditable(row, input.topicIds) },
        });
        await bumpContentVersion(t);
        return { ok: true, id, created: true, changed: true } as const;
      }
      const old = auditable(current as unknown as Record<string, unknown>, currentTopics);
      const next = auditable(row, input.topicIds);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        if (JSON.stringify(old[key] ?? null) !== JSON.stringify(value ?? null)) {
          before[key] = old[key] ?? null;
          after[key] = value ?? null;
        }
      }
      if (Object.keys(after).length === 0) return { ok: true, id: current.id, created: false, changed: false } as const;
      await t
        .update(sermons)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(sermons.id, current.id));
      if ("topicIds" in after) {
        await t.delete(sermonTopicLinks).where(eq(sermonTopicLinks.sermonId, current.id));
        if (input.topicIds.length)
          await t.insert(sermonTopicLinks).values(input.topicIds.map((topicId) => ({ sermonId: current.id, topicId })));
      }
      await recordAudit({
        db: t,
        actor: options.actor,
        ipAddress: options.ip,
        entry: { action: "sermon.update", entityType: "sermon", entityId: String(current.id), before, after },
      });
      await bumpContentVersion(t);
      return { ok: true, id: current.id, created: false, changed: true } as const;
    });
  } catch (error) {
    await uploads.removeAll();
    if (isUniqueViolation(error)) return { ok: false, status: 400, reason: "invalid", fieldErrors: { slug: "slugTaken" } };
    throw error;
  }
  // The files the saved row no longer points to.
  if (current) {
    for (const key of ["videoFileUrl", "audioUrl", "notesUrl"] as const) {
      if (current[key] && current[key] !== columns[key]) await removeUploadedFile(current[key], options.uploadRoot);
    }
  }
  return result;
}
