import { and, asc, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { galleryAlbums, mediaGallery } from "~/db/schema";
import { localize, localizeOptional } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { GalleryPhotoView } from "./gallery-model";

/** The public filter every read shares: approved images that have an image. */
export function publicPhotoConditions(): SQL[] {
  return [eq(mediaGallery.mediaType, "image"), isNotNull(mediaGallery.imageUrl), eq(mediaGallery.status, "approved")];
}

/** Approved photos, newest first, optionally of one album (id) or category; one more than `limit` tells "more". */
export async function listGalleryPhotos(options: {
  db: AppDatabase;
  language: Language;
  limit: number;
  albumId?: number | null;
  category?: string | null;
}): Promise<{ photos: GalleryPhotoView[]; hasMore: boolean }> {
  const { db, language } = options;
  const conditions = publicPhotoConditions();
  if (options.albumId) conditions.push(eq(mediaGallery.albumId, options.albumId));
  if (options.category) conditions.push(eq(mediaGallery.category, options.category));
  const rows = await db
    .select({
      id: mediaGallery.id,
      title: mediaGallery.title,
      titleEs: mediaGallery.titleEs,
      description: mediaGallery.description,
      descriptionEs: mediaGallery.descriptionEs,
      imageUrl: mediaGallery.imageUrl,
      eventDate: mediaGallery.eventDate,
      createdAt: mediaGallery.createdAt,
      category: mediaGallery.category,
      variantBase: mediaGallery.variantBase,
      width: mediaGallery.width,
      height: mediaGallery.height,
      albumTitle: galleryAlbums.title,
      albumTitleEs: galleryAlbums.titleEs,
      albumSlug: galleryAlbums.slug,
    })
    .from(mediaGallery)
    .leftJoin(galleryAlbums, eq(galleryAlbums.id, mediaGallery.albumId))
    .where(and(...conditions))
    .orderBy(desc(mediaGallery.createdAt), desc(mediaGallery.id))
    .limit(options.limit + 1);
  return {
    hasMore: rows.length > options.limit,
    photos: rows.slice(0, options.limit).map((r) => ({
      id: r.id,
      title: localize(language, r.title, r.titleEs),
      description: localizeOptional(language, r.description, r.descriptionEs),
      imageUrl: r.imageUrl!,
      eventDate: r.eventDate,
      createdAt: r.createdAt.toISOString(),
      category: r.category,
      albumTitle: r.albumTitle === null ? null : localize(language, r.albumTitle, r.albumTitleEs),
      albumSlug: r.albumSlug,
      variantBase: r.variantBase,
      width: r.width,
      height: r.height,
    })),
  };
}

/** Albums that have at least one public photo, newest event first (the public filter's choices). */
export async function listPublicAlbums({ db, language }: { db: AppDatabase; language: Language }) {
  const rows = await db
    .select({
      id: galleryAlbums.id,
      slug: galleryAlbums.slug,
      title: galleryAlbums.title,
      titleEs: galleryAlbums.titleEs,
      eventDate: galleryAlbums.eventDate,
      photos: count(mediaGallery.id),
    })
    .from(galleryAlbums)
    .innerJoin(mediaGallery, and(eq(mediaGallery.albumId, galleryAlbums.id), ...publicPhotoConditions()))
    .groupBy(galleryAlbums.id)
    .orderBy(desc(galleryAlbums.eventDate), asc(galleryAlbums.title));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: localize(language, r.title, r.titleEs),
    eventDate: r.eventDate,
    photos: Number(r.photos),
  }));
}
