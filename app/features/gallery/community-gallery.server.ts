import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { MAX_IMAGE_BYTES, sniffImageType } from "~/platform/uploads/upload-image.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { firstErrorKey, ZSubmission } from "./gallery-input";
import {
  GALLERY_CATEGORIES,
  GALLERY_DESCRIPTION_MAX,
  GALLERY_MAX_SHOWN,
  GALLERY_PAGE_SIZE,
  GALLERY_TITLE_MAX,
  isGalleryCategory,
} from "./gallery-model";
import { galleryTranslator } from "./gallery-translation";
import { listGalleryPhotos, listPublicAlbums } from "./list-gallery-photos.server";
import { encodeGalleryImage, galleryUploadDir } from "./store-gallery-image.server";
import { IMAGE_BUSY_HEADERS, MAX_ASPECT_RATIO, MAX_INPUT_PIXELS } from "~/server/image-jobs.server";
import { submitGalleryPhoto } from "./submit-gallery-photo.server";

/** Query parameters of the gallery on /community (the study groups use language, mode, day). */
export const GALLERY_PARAMS = { album: "album", category: "category", shown: "photos" } as const;
/** A member may send this many photos an hour. */
export const gallerySubmitLimit = { limit: 5, windowSeconds: 60 * 60 };

/** How many photos to show: the page size, grown by "Show more" in steps of it, bounded. */
export function parseShown(value: string | null): number {
  const n = value && /^\d{1,6}$/.test(value) ? Number(value) : GALLERY_PAGE_SIZE;
  const stepped = Math.ceil(Math.max(n, GALLERY_PAGE_SIZE) / GALLERY_PAGE_SIZE) * GALLERY_PAGE_SIZE;
  return Math.min(stepped, GALLERY_MAX_SHOWN);
}

/** The gallery section of /community: approved photos (filtered by album and category), newest first. */
export async function loadGallerySection({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const albumParam = url.searchParams.get(GALLERY_PARAMS.album);
  const categoryParam = url.searchParams.get(GALLERY_PARAMS.category);
  const shown = parseShown(url.searchParams.get(GALLERY_PARAMS.shown));
  const [albums, session] = await Promise.all([listPublicAlbums({ db, language }), getCurrentMember({ db, request })]);
  const album = albums.find((a) => a.slug === albumParam) ?? null;
  const category = isGalleryCategory(categoryParam) ? categoryParam : null;
  const { photos, hasMore } = await listGalleryPhotos({ db, language, limit: shown, albumId: album?.id ?? null, category });
  const more = new URLSearchParams(url.search);
  more.set(GALLERY_PARAMS.shown, String(shown + GALLERY_PAGE_SIZE));
  const keep = [...url.searchParams].filter(([key]) => !Object.values(GALLERY_PARAMS).includes(key as never) && key !== "index");
  return {
    photos,
    hasMore: hasMore && shown < GALLERY_MAX_SHOWN,
    moreHref: `/community?${more.toString()}#gallery`,
    albums: albums.map((a) => ({ slug: a.slug, title: a.title, eventDate: a.eventDate })),
    categories: [...GALLERY_CATEGORIES],
    filters: { album: album?.slug ?? null, category },
    /** Other sections' query parameters, kept by the filter form. */
    keep,
    signedIn: Boolean(session),
    signInHref: "/auth?redirectTo=/community",
    limits: { title: GALLERY_TITLE_MAX, description: GALLERY_DESCRIPTION_MAX },
  };
}

export type GallerySectionData = Awaited<ReturnType<typeof loadGallerySection>>;

export interface GalleryActionData {
  ok: boolean;
  message: string;
  fieldErrors: Partial<Record<"file" | "title" | "description", string>>;
}

/** Runs a /community form post whose intent starts with "gallery-": a member's photo submission. */
export async function runGalleryAction(options: {
  request: Request;
  form: FormData;
  intent: string;
  uploadDir?: string;
  now?: Date;
}): Promise<{ status: number; data: GalleryActionData; headers?: HeadersInit }> {
  const { request, form, intent } = options;
  const { db, language } = getRequestContext(request);
  const t = galleryTranslator(language);
  const fail = (
    status: number,
    key: Parameters<typeof t>[0],
    field?: keyof GalleryActionData["fieldErrors"],
    values?: Record<string, string | number>,
    headers?: HeadersInit,
  ) => {
    const message = t(key, values);
    return { status, data: { ok: false, message, fieldErrors: field ? { [field]: message } : {} }, headers };
  };
  if (intent !== "gallery-submit") return fail(400, "errors.invalidRequest");
  const session = await getCurrentMember({ db, request });
  if (!session) return fail(401, "errors.signInRequired");
  const headers = session.headers;

  const parsed = ZSubmission.safeParse({ title: text(form.get("title")), description: text(form.get("description")) });
  if (!parsed.success) {
    const key = firstErrorKey(parsed.error);
    const field = parsed.error.issues[0]?.path[0] === "description" ? "description" : "title";
    const known = ["titleRequired", "titleTooLong", "descriptionTooLong"].includes(key) ? key : "invalidRequest";
    return fail(
      400,
      `errors.${known}` as Parameters<typeof t>[0],
      field,
      { max: field === "title" ? GALLERY_TITLE_MAX : GALLERY_DESCRIPTION_MAX },
      headers,
    );
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) return fail(400, "errors.noFile", "file", undefined, headers);
  if (file.size > MAX_IMAGE_BYTES) return fail(413, "errors.tooLarge", "file", undefined, headers);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return fail(400, "errors.badType", "file", undefined, headers);
  // Counted before the photo is decoded: that is the expensive part.
  const limit = await consumeRateLimit(db, `gallery:submit:user:${session.member.id}`, gallerySubmitLimit);
  if (!limit.allowed)
    return fail(429, "errors.rateLimited", undefined, { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }, headers);
  const encoded = await encodeGalleryImage({ input: bytes, uploadDir: options.uploadDir ?? galleryUploadDir() });
  if (!encoded.ok) {
    if (encoded.reason === "busy") {
      const busyHeaders = new Headers(headers);
      for (const [name, value] of Object.entries(IMAGE_BUSY_HEADERS)) busyHeaders.set(name, value);
      return fail(503, "errors.busy", "file", undefined, busyHeaders);
    }
    if (encoded.reason === "tooManyPixels")
      return fail(400, "errors.tooManyPixels", "file", { max: MAX_INPUT_PIXELS / 1_000_000 }, headers);
    if (encoded.reason === "badShape") return fail(400, "errors.badShape", "file", { ratio: MAX_ASPECT_RATIO }, headers);
    return fail(400, "errors.unreadable", "file", undefined, headers);
  }
  const stored = encoded.image;
  await submitGalleryPhoto({
    db,
    stored,
    userId: session.member.id,
    submitterName: session.member.name,
    language,
    title: parsed.data.title,
    description: parsed.data.description,
    now: options.now,
  });
  return { status: 200, data: { ok: true, message: t("submit.thanks"), fieldErrors: {} }, headers };
}

function text(value: FormDataEntryValue | null): string | undefined {
  return typeof value === "string" ? value : undefined;
}
