import { randomBytes } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { galleryAlbums, mediaGallery } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { FormReadError, readStreamedForm } from "~/platform/uploads/stream-form-data.server";
import type { AppDatabase } from "~/server/db.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { firstErrorKey, ZCaptions, ZOptionalCategory, ZOptionalDate } from "./gallery-input";
import {
  GALLERY_ADMIN_PAGE_SIZE,
  GALLERY_CATEGORIES,
  GALLERY_DESCRIPTION_MAX,
  GALLERY_MAX_FILES,
  GALLERY_TITLE_MAX,
} from "./gallery-model";
import { galleryAdminTranslator, type GalleryAdminT } from "./gallery-admin-translation";
import { createGalleryUploads, type ReceivedPhoto } from "./receive-gallery-uploads.server";
import {
  encodeGalleryImage,
  galleryUploadDir,
  removeFiles,
  removeGalleryFiles,
  type StoredGalleryImage,
} from "./store-gallery-image.server";
import { IMAGE_BUSY_HEADERS, MAX_ASPECT_RATIO, MAX_INPUT_PIXELS } from "~/server/image-jobs.server";

/** /admin/gallery: one page of photos (every status, newest first), the albums, and how many wait for review. */
export async function loadAdminGallery({ ctx, request }: { ctx: AdminContext; request: Request }) {
  const { db } = ctx;
  const pageParam = new URL(request.url).searchParams.get("page");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mediaGallery).where(eq(mediaGallery.mediaType, "image"));
  const pages = Math.max(1, Math.ceil(Number(total) / GALLERY_ADMIN_PAGE_SIZE));
  const page = Math.min(pages, pageParam && /^\d{1,5}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1);
  const [photos, albums, [pending]] = await Promise.all([
    db
      .select({
        id: mediaGallery.id,
        title: mediaGallery.title,
        titleEs: mediaGallery.titleEs,
        description: mediaGallery.description,
        descriptionEs: mediaGallery.descriptionEs,
        imageUrl: mediaGallery.imageUrl,
        variantBase: mediaGallery.variantBase,
        width: mediaGallery.width,
        height: mediaGallery.height,
        eventDate: mediaGallery.eventDate,
        category: mediaGallery.category,
        albumId: mediaGallery.albumId,
        status: mediaGallery.status,
        submitterName: mediaGallery.submitterName,
        createdAt: mediaGallery.createdAt,
      })
      .from(mediaGallery)
      .where(eq(mediaGallery.mediaType, "image"))
      .orderBy(desc(mediaGallery.createdAt), desc(mediaGallery.id))
      .limit(GALLERY_ADMIN_PAGE_SIZE)
      .offset((page - 1) * GALLERY_ADMIN_PAGE_SIZE),
    db
      .select({
        id: galleryAlbums.id,
        slug: galleryAlbums.slug,
        title: galleryAlbums.title,
        titleEs: galleryAlbums.titleEs,
        eventDate: galleryAlbums.eventDate,
        photos: sql<number>`(select count(*) from media_gallery m where m.album_id = "gallery_albums"."id")`,
      })
      .from(galleryAlbums)
      .orderBy(desc(galleryAlbums.eventDate), desc(galleryAlbums.id)),
    db.select({ n: count() }).from(mediaGallery).where(eq(mediaGallery.status, "pending")),
  ]);
  return {
    photos: photos.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    albums: albums.map((a) => ({ ...a, photos: Number(a.photos) })),
    pendingCount: Number(pending?.n ?? 0),
    page,
    pages,
    categories: [...GALLERY_CATEGORIES],
    limits: { files: GALLERY_MAX_FILES, title: GALLERY_TITLE_MAX, description: GALLERY_DESCRIPTION_MAX },
  };
}

export type AdminGalleryData = Awaited<ReturnType<typeof loadAdminGallery>>;

export interface AdminGalleryActionData {
  ok: boolean;
  intent: string | null;
  id: string | null;
  message: string;
}

type Outcome = { status: number; data: AdminGalleryActionData; headers?: Record<string, string> };

const INTENTS = ["upload", "update-photo", "delete-photo", "create-album", "update-album", "delete-album"] as const;
type Intent = (typeof INTENTS)[number];
const ZAlbumChoice = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || v === "new" || /^\d{1,9}$/.test(v), "albumNotFound");
const ZAlbumFields = z.object({
  title: z.string().trim().min(1, "albumTitleRequired").max(GALLERY_TITLE_MAX, "titleTooLong"),
  titleEs: z
    .string()
    .trim()
    .max(GALLERY_TITLE_MAX, "titleTooLong")
    .optional()
    .transform((v) => v || null),
  eventDate: ZOptionalDate,
});

/**
 * The POST of /admin/gallery, read as a stream (the admin check has already run): upload many
 * photos, edit or delete one, create/rename/delete albums. Every change is audit-logged; a
 * failed upload leaves no file behind.
 */
export async function runAdminGalleryAction(options: {
  ctx: AdminContext;
  request: Request;
  uploadDir?: string;
  now?: Date;
}): Promise<Outcome> {
  const { ctx, request } = options;
  const uploadDir = options.uploadDir ?? galleryUploadDir();
  const t = galleryAdminTranslator(ctx.language);
  const uploads = createGalleryUploads(uploadDir);
  try {
    let entries: Array<[string, string]>;
    try {
      entries = await readStreamedForm(request, { onFile: uploads.onFile, maxFields: 200 });
    } catch (error) {
      if (error instanceof FormReadError) return answer(400, null, null, t("errors.invalidRequest"));
      throw error;
    }
    const fields = new Map(entries);
    const rawIntent = fields.get("intent") ?? "";
    const intent = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as Intent) : null;
    if (!intent) return answer(400, null, null, t("errors.invalidRequest"));
    const limit = await consumeRateLimit(ctx.db, `gallery:admin:${ctx.admin.userId}`, { limit: 300, windowSeconds: 60 * 60 });
    if (!limit.allowed)
      return answer(429, intent, null, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }));
    const input = Object.fromEntries(fields);
    switch (intent) {
      case "upload":
        return await uploadPhotos({
          ctx,
          t,
          input,
          photos: uploads.photos,
          problems: uploads.problems,
          uploadDir,
          now: options.now ?? new Date(),
        });
      case "update-photo":
        return await updatePhoto(ctx, t, input);
      case "delete-photo":
        return await deletePhoto(ctx, t, input, uploadDir);
      case "create-album":
      case "update-album":
        return await saveAlbum(ctx, t, intent, input);
      case "delete-album":
        return await deleteAlbum(ctx, t, input);
    }
  } finally {
    await uploads.cleanup();
  }
}

function answer(status: number, intent: string | null, id: string | null, message: string): Outcome {
  return { status, data: { ok: status < 300, intent, id, message } };
}

function captionError(t: GalleryAdminT, key: string): string {
  if (key === "descriptionTooLong") return t("errors.descriptionTooLong", { max: GALLERY_DESCRIPTION_MAX });
  if (key === "titleTooLong") return t("errors.titleTooLong", { max: GALLERY_TITLE_MAX });
  if (key === "titleRequired" || key === "albumTitleRequired" || key === "badDate" || key === "badCategory" || key === "albumNotFound")
    return t(`errors.${key}`);
  return t("errors.invalidRequest");
}

/** "IMG_2041 final.jpg" → "IMG 2041 final": the default title of a photo uploaded without one. */
function titleFromFileName(name: string): string {
  return (
    name
      .replace(/\.[a-z0-9]{2,5}$/i, "")
      .replace(/[_]+/g, " ")
      .trim()
      .slice(0, GALLERY_TITLE_MAX) || "Photo"
  );
}

function slugify(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "album"}-${randomBytes(3).toString("hex")}`;
}

async function uploadPhotos(o: {
  ctx: AdminContext;
  t: GalleryAdminT;
  input: Record<string, string>;
  photos: ReceivedPhoto[];
  problems: ReturnType<typeof createGalleryUploads>["problems"];
  uploadDir: string;
  now: Date;
}): Promise<Outcome> {
  const { ctx, t, input } = o;
  const problem = o.problems.find((p) => p.code === "tooLarge") ?? o.problems[0];
  if (problem) {
    if (problem.code === "tooMany") return answer(413, "upload", null, t("errors.tooManyFiles", { max: GALLERY_MAX_FILES }));
    if (problem.code === "tooLarge") return answer(413, "upload", null, t("errors.tooLargeNamed", { name: problem.name }));
    return answer(400, "upload", null, t("errors.badTypeNamed", { name: problem.name }));
  }
  if (o.photos.length === 0) return answer(400, "upload", null, t("errors.noFile"));
  const captions = ZCaptions.safeParse(input);
  if (!captions.success) return answer(400, "upload", null, captionError(t, firstErrorKey(captions.error)));
  const extra = z.object({ album: ZAlbumChoice, category: ZOptionalCategory, eventDate: ZOptionalDate }).safeParse(input);
  if (!extra.success) return answer(400, "upload", null, captionError(t, firstErrorKey(extra.error)));
  let newAlbum: z.infer<typeof ZAlbumFields> | null = null;
  if (extra.data.album === "new") {
    const album = ZAlbumFields.safeParse({ title: input.newAlbumTitle, titleEs: input.newAlbumTitleEs, eventDate: input.newAlbumDate });
    if (!album.success) return answer(400, "upload", null, captionError(t, firstErrorKey(album.error)));
    newAlbum = album.data;
  }

  // Re-encode one photo at a time (sharp works from the temporary file; each photo is one job of
  // the image queue, so members' photos are not held up behind a whole batch), then save them all at once.
  const stored: Array<StoredGalleryImage & { name: string }> = [];
  for (const photo of o.photos) {
    const result = await encodeGalleryImage({ input: photo.tempPath, uploadDir: o.uploadDir });
    if (!result.ok) {
      await removeFiles(stored.flatMap((s) => s.files));
      const name = photo.name;
      if (result.reason === "busy") return { ...answer(503, "upload", null, t("errors.busy")), headers: IMAGE_BUSY_HEADERS };
      if (result.reason === "tooManyPixels")
        return answer(400, "upload", null, t("errors.tooManyPixelsNamed", { name, max: MAX_INPUT_PIXELS / 1_000_000 }));
      if (result.reason === "badShape") return answer(400, "upload", null, t("errors.badShapeNamed", { name, ratio: MAX_ASPECT_RATIO }));
      return answer(400, "upload", null, t("errors.unreadableNamed", { name }));
    }
    stored.push({ ...result.image, name: photo.name });
  }
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as AppDatabase;
      let albumId: number | null = null;
      let albumDate: string | null = null;
      if (newAlbum) {
        const [album] = await db
          .insert(galleryAlbums)
          .values({ slug: slugify(newAlbum.title), title: newAlbum.title, titleEs: newAlbum.titleEs, eventDate: newAlbum.eventDate })
          .returning();
        albumId = album!.id;
        albumDate = album!.eventDate;
        await bumpContentVersion(db);
        await recordAudit({
          db,
          actor: ctx.admin,
          ipAddress: ctx.ip,
          entry: { action: "gallery.album.create", entityType: "gallery_album", entityId: String(album!.id), after: newAlbum },
        });
      } else if (extra.data.album) {
        const [album] = await db
          .select()
          .from(galleryAlbums)
          .where(eq(galleryAlbums.id, Number(extra.data.album)));
        if (!album) return null;
        albumId = album.id;
        albumDate = album.eventDate;
      }
      const c = captions.data;
      const rows = await db
        .insert(mediaGallery)
        .values(
          stored.map((s, i) => ({
            title: c.title ?? titleFromFileName(s.name),
            titleEs: c.titleEs,
            description: c.description,
            descriptionEs: c.descriptionEs,
            imageUrl: s.imageUrl,
            variantBase: s.variantBase,
            width: s.width,
            height: s.height,
            eventDate: extra.data.eventDate ?? albumDate,
            category: extra.data.category,
            albumId,
            mediaType: "image",
            status: "approved" as const,
            // The first file chosen comes first in "newest first".
            createdAt: new Date(o.now.getTime() - i),
          })),
        )
        .returning({ id: mediaGallery.id });
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: ctx.admin,
        ipAddress: ctx.ip,
        entry: {
          action: "gallery.photo.upload",
          entityType: "media_gallery",
          entityId: rows.map((r) => r.id).join(","),
          after: { count: rows.length, albumId, category: extra.data.category, files: stored.map((s) => s.imageUrl) },
        },
      });
      return rows.length;
    });
    if (outcome === null) {
      await removeFiles(stored.flatMap((s) => s.files));
      return answer(404, "upload", null, t("errors.albumNotFound"));
    }
    return answer(200, "upload", null, outcome === 1 ? t("admin.upload.uploadedOne") : t("admin.upload.uploaded", { count: outcome }));
  } catch (error) {
    await removeFiles(stored.flatMap((s) => s.files));
    throw error;
  }
}

const ZPhotoId = z.object({ id: z.uuid() });

async function updatePhoto(ctx: AdminContext, t: GalleryAdminT, input: Record<string, string>): Promise<Outcome> {
  const id = ZPhotoId.safeParse(input);
  if (!id.success) return answer(400, "update-photo", null, t("errors.invalidRequest"));
  const parsed = ZCaptions.extend({ album: ZAlbumChoice, category: ZOptionalCategory, eventDate: ZOptionalDate }).safeParse(input);
  if (!parsed.success) return answer(400, "update-photo", id.data.id, captionError(t, firstErrorKey(parsed.error)));
  const p = parsed.data;
  if (!p.title) return answer(400, "update-photo", id.data.id, t("errors.titleRequired"));
  if (p.album === "new") return answer(400, "update-photo", id.data.id, t("errors.albumNotFound"));
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [row] = await db.select().from(mediaGallery).where(eq(mediaGallery.id, id.data.id));
    if (!row) return "notFound" as const;
    const albumId = p.album ? Number(p.album) : null;
    if (
      albumId !== null &&
      (await db.select({ id: galleryAlbums.id }).from(galleryAlbums).where(eq(galleryAlbums.id, albumId))).length === 0
    )
      return "albumNotFound" as const;
    const after = {
      title: p.title!,
      titleEs: p.titleEs,
      description: p.description,
      descriptionEs: p.descriptionEs,
      albumId,
      category: p.category,
      eventDate: p.eventDate,
    };
    await db.update(mediaGallery).set(after).where(eq(mediaGallery.id, row.id));
    const before = {
      title: row.title,
      titleEs: row.titleEs,
      description: row.description,
      descriptionEs: row.descriptionEs,
      albumId: row.albumId,
      category: row.category,
      eventDate: row.eventDate,
    };
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: ctx.admin,
      ipAddress: ctx.ip,
      entry: { action: "gallery.photo.update", entityType: "media_gallery", entityId: row.id, before, after },
    });
    return "ok" as const;
  });
  if (result === "notFound") return answer(404, "update-photo", id.data.id, t("errors.notFound"));
  if (result === "albumNotFound") return answer(404, "update-photo", id.data.id, t("errors.albumNotFound"));
  return answer(200, "update-photo", id.data.id, t("admin.saved"));
}

async function deletePhoto(ctx: AdminContext, t: GalleryAdminT, input: Record<string, string>, uploadDir: string): Promise<Outcome> {
  const id = ZPhotoId.safeParse(input);
  if (!id.success) return answer(400, "delete-photo", null, t("errors.invalidRequest"));
  const row = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [deleted] = await db.delete(mediaGallery).where(eq(mediaGallery.id, id.data.id)).returning();
    if (!deleted) return null;
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: ctx.admin,
      ipAddress: ctx.ip,
      entry: {
        action: "gallery.photo.delete",
        entityType: "media_gallery",
        entityId: deleted.id,
        before: { title: deleted.title, imageUrl: deleted.imageUrl, status: deleted.status },
      },
    });
    return deleted;
  });
  if (!row) return answer(404, "delete-photo", id.data.id, t("errors.notFound"));
  await removeGalleryFiles(row.variantBase, uploadDir);
  return answer(200, "delete-photo", null, t("admin.deleted"));
}

const ZAlbumId = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

async function saveAlbum(
  ctx: AdminContext,
  t: GalleryAdminT,
  intent: "create-album" | "update-album",
  input: Record<string, string>,
): Promise<Outcome> {
  const id = intent === "update-album" ? ZAlbumId.safeParse(input) : null;
  if (id && !id.success) return answer(400, intent, null, t("errors.invalidRequest"));
  const albumId = id?.success ? id.data.id : null;
  const parsed = ZAlbumFields.safeParse(input);
  if (!parsed.success) return answer(400, intent, albumId === null ? null : String(albumId), captionError(t, firstErrorKey(parsed.error)));
  const found = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    if (albumId === null) {
      const [album] = await db
        .insert(galleryAlbums)
        .values({ slug: slugify(parsed.data.title), ...parsed.data })
        .returning();
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: ctx.admin,
        ipAddress: ctx.ip,
        entry: { action: "gallery.album.create", entityType: "gallery_album", entityId: String(album!.id), after: parsed.data },
      });
      return true;
    }
    const [before] = await db.select().from(galleryAlbums).where(eq(galleryAlbums.id, albumId));
    if (!before) return false;
    await db.update(galleryAlbums).set(parsed.data).where(eq(galleryAlbums.id, albumId));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: ctx.admin,
      ipAddress: ctx.ip,
      entry: {
        action: "gallery.album.update",
        entityType: "gallery_album",
        entityId: String(albumId),
        before: { title: before.title, titleEs: before.titleEs, eventDate: before.eventDate },
        after: parsed.data,
      },
    });
    return true;
  });
  if (!found) return answer(404, intent, String(albumId), t("errors.albumNotFound"));
  return answer(200, intent, albumId === null ? null : String(albumId), t("admin.saved"));
}

async function deleteAlbum(ctx: AdminContext, t: GalleryAdminT, input: Record<string, string>): Promise<Outcome> {
  const id = ZAlbumId.safeParse(input);
  if (!id.success) return answer(400, "delete-album", null, t("errors.invalidRequest"));
  const found = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    // Its photos stay, without an album (the foreign key sets album_id to null).
    const [deleted] = await db.delete(galleryAlbums).where(eq(galleryAlbums.id, id.data.id)).returning();
    if (!deleted) return false;
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: ctx.admin,
      ipAddress: ctx.ip,
      entry: {
        action: "gallery.album.delete",
        entityType: "gallery_album",
        entityId: String(deleted.id),
        before: { title: deleted.title, titleEs: deleted.titleEs, eventDate: deleted.eventDate },
      },
    });
    return true;
  });
  if (!found) return answer(404, "delete-album", String(id.data.id), t("errors.albumNotFound"));
  return answer(200, "delete-album", null, t("admin.deleted"));
}
