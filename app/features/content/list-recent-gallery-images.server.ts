import { and, desc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { mediaGallery } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { localize, localizeOptional } from "./localize";

export const ZRecentImagesLimit = z.coerce.number().int().min(1).max(48).default(8);

export interface GalleryImage {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  eventDate: string | null;
  createdAt: string;
  category: string | null;
}

export interface ListRecentGalleryImagesOptions {
  db: AppDatabase;
  language: Language;
  /** Spec: 4 on the home page, 8 by default. */
  limit?: number;
}

/** Spec section 7: images only, with an image, newest first, limited. */
export async function listRecentGalleryImages({
  db,
  language,
  limit,
}: ListRecentGalleryImagesOptions): Promise<GalleryImage[]> {
  const count = ZRecentImagesLimit.parse(limit);
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
    })
    .from(mediaGallery)
    .where(and(eq(mediaGallery.mediaType, "image"), isNotNull(mediaGallery.imageUrl)))
    .orderBy(desc(mediaGallery.createdAt))
    .limit(count);
  return rows.map((r) => ({
    id: r.id,
    title: localize(language, r.title, r.titleEs),
    description: localizeOptional(language, r.description, r.descriptionEs),
    imageUrl: r.imageUrl!,
    eventDate: r.eventDate,
    createdAt: r.createdAt.toISOString(),
    category: r.category,
  }));
}
