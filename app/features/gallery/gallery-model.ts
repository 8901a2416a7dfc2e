/**
 * The gallery's shared vocabulary (browser-safe): categories, sizes, limits and how a photo's
 * stored variants become a <picture>'s sources.
 */
export const GALLERY_CATEGORIES = ["worship", "prayer", "fellowship", "youth", "children", "outreach", "events"] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export function isGalleryCategory(value: unknown): value is GalleryCategory {
  return typeof value === "string" && (GALLERY_CATEGORIES as readonly string[]).includes(value);
}

/** Stored widths of every uploaded photo (never enlarged): `<variant_base>-<width>.<avif|webp>`. */
export const GALLERY_WIDTHS = [480, 960, 1600] as const;
/** The largest variant's width; its WebP is the photo's `image_url`. */
export const GALLERY_LARGEST_WIDTH = 1600;
export const GALLERY_FORMATS = ["avif", "webp"] as const;
/** Photos on /community before "Show more", and the most one page may ask for. */
export const GALLERY_PAGE_SIZE = 8;
export const GALLERY_MAX_SHOWN = 48;
/** Files per admin upload post, each at most MAX_IMAGE_BYTES (8 MB). */
export const GALLERY_MAX_FILES = 20;
export const GALLERY_TITLE_MAX = 120;
export const GALLERY_DESCRIPTION_MAX = 1000;
/** Photos per page of the admin list. */
export const GALLERY_ADMIN_PAGE_SIZE = 24;

/** A photo as the public pages show it (already in the reader's language). */
export interface GalleryPhotoView {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  eventDate: string | null;
  createdAt: string;
  category: string | null;
  albumTitle: string | null;
  albumSlug: string | null;
  variantBase: string | null;
  width: number | null;
  height: number | null;
}

/** What <picture> needs: sources per format, or none (a demo photo without variants). */
export interface PictureSources {
  avif: string | null;
  webp: string | null;
}

/**
 * The srcset of one format: a variant for each stored width below the largest, then the
 * largest file (named -1600 even when the original was narrower) at its real width.
 */
export function variantSrcSet(variantBase: string | null, width: number | null, format: (typeof GALLERY_FORMATS)[number]): string | null {
  if (!variantBase || !width) return null;
  const largest = GALLERY_LARGEST_WIDTH;
  const parts = GALLERY_WIDTHS.filter((w) => w < width && w !== largest).map((w) => `${variantBase}-${w}.${format} ${w}w`);
  parts.push(`${variantBase}-${largest}.${format} ${Math.min(width, largest)}w`);
  return parts.join(", ");
}

/** The widths actually written for an image `width` pixels wide (upright). */
export function widthsFor(width: number): number[] {
  const largest = GALLERY_LARGEST_WIDTH;
  return GALLERY_WIDTHS.filter((w) => w < width || w === largest);
}
