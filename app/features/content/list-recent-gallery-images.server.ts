import { z } from "zod";
import { listGalleryPhotos } from "~/features/gallery/list-gallery-photos.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

export const ZRecentImagesLimit = z.coerce.number().int().min(1).max(48).default(8);

export interface GalleryImage {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  eventDate: string | null;
  createdAt: string;
  category: string | null;
  /** The stored variants (`<base>-<width>.<avif|webp>`) and the largest one's size; null for a photo without them. */
  variantBase: string | null;
  width: number | null;
  height: number | null;
}

export interface ListRecentGalleryImagesOptions {
  db: AppDatabase;
  language: Language;
  /** Spec: 4 on the home page, 8 by default. */
  limit?: number;
}

/** Spec section 7: images only, with an image, newest first, limited; and only approved photos (members' submissions wait for review). */
export async function listRecentGalleryImages({ db, language, limit }: ListRecentGalleryImagesOptions): Promise<GalleryImage[]> {
  const { photos } = await listGalleryPhotos({ db, language, limit: ZRecentImagesLimit.parse(limit) });
  return photos.map(({ id, title, description, imageUrl, eventDate, createdAt, category, variantBase, width, height }) => ({
    id,
    title,
    description,
    imageUrl,
    eventDate,
    createdAt,
    category,
    variantBase,
    width,
    height,
  }));
}
