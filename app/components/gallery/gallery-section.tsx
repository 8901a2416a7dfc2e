import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { GalleryActionData, GallerySectionData } from "~/features/gallery/community-gallery.server";
import { useGalleryTranslation, type GalleryT } from "~/features/gallery/gallery-translation";
import { GalleryLightbox } from "./gallery-lightbox";
import { PhotoCaption } from "./photo-caption";
import { GalleryPicture } from "./gallery-picture";

const selectClasses = "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900";
const inputClasses =
  "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700";
const THUMB_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw";

function isActionData(value: unknown): value is GalleryActionData {
  return typeof value === "object" && value !== null && "ok" in value && "message" in value;
}

/**
 * The photo gallery of /community (an h2 section): album and category filters (a GET form),
 * approved photos newest first with "Show more", a lightbox with JavaScript (each thumbnail
 * links to the full-size photo without it), and members' submissions.
 */
export function GallerySection({ data, actionData }: { data: GallerySectionData; actionData: unknown }) {
  const { t, language } = useGalleryTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<Array<HTMLAnchorElement | null>>([]);
  const filtered = data.filters.album !== null || data.filters.category !== null;
  const result = isActionData(actionData) ? actionData : undefined;

  return (
    <section id="gallery" aria-labelledby="gallery-heading" className="mt-16 min-w-0 scroll-mt-24">
      <h2 id="gallery-heading" className="font-serif text-3xl font-bold text-brand-800">
        {t("heading")}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("intro")}</p>

      <Form
        method="get"
        action="/community"
        preventScrollReset
        className="mt-6 rounded-2xl bg-brand-50 p-4 sm:p-6"
        aria-labelledby="gallery-filters-legend"
      >
        {data.keep.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <h3 id="gallery-filters-legend" className="font-semibold text-slate-900">
          {t("filters.label")}
        </h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor="gallery-album" className="font-semibold text-slate-900">
              {t("filters.album")}
            </label>
            <select id="gallery-album" name="album" defaultValue={data.filters.album ?? ""} className={selectClasses}>
              <option value="">{t("filters.allAlbums")}</option>
              {data.albums.map((album) => (
                <option key={album.slug} value={album.slug}>
                  {album.title}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor="gallery-category" className="font-semibold text-slate-900">
              {t("filters.category")}
            </label>
            <select id="gallery-category" name="category" defaultValue={data.filters.category ?? ""} className={selectClasses}>
              <option value="">{t("filters.allCategories")}</option>
              {data.categories.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("filters.apply")}
          </button>
          {filtered ? (
            <Link
              to={`/community${data.keep.length ? `?${new URLSearchParams(data.keep).toString()}` : ""}#gallery`}
              preventScrollReset
              className="font-semibold text-brand-800 underline underline-offset-4"
            >
              {t("filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {data.photos.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-slate-100 p-6 text-slate-900">{filtered ? t("emptyFiltered") : t("empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("heading")}>
          {data.photos.map((photo, i) => (
            <li key={photo.id} className="min-w-0">
              <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <a
                  href={photo.imageUrl}
                  ref={(node) => {
                    thumbs.current[i] = node;
                  }}
                  aria-label={t("viewLarger", { title: photo.title })}
                  className="block focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    setOpen(i);
                  }}
                >
                  <GalleryPicture
                    image={photo}
                    alt={photo.title}
                    sizes={THUMB_SIZES}
                    eager={i < 3}
                    className="aspect-[4/3] h-auto w-full bg-slate-200 object-cover"
                  />
                </a>
                <PhotoCaption t={t} language={language} photo={photo} />
              </figure>
            </li>
          ))}
        </ul>
      )}

      {data.hasMore ? (
        <p className="mt-6 text-center">
          <Link
            to={data.moreHref}
            preventScrollReset
            className="inline-flex min-h-11 items-center justify-center rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t("showMore")}
          </Link>
        </p>
      ) : null}

      <GalleryLightbox
        photos={data.photos}
        index={open}
        onMove={setOpen}
        onClose={() => {
          const from = open;
          setOpen(null);
          if (from !== null) thumbs.current[from]?.focus();
        }}
      />

      <SubmitPhoto t={t} data={data} result={result} />
    </section>
  );
}

function SubmitPhoto({ t, data, result }: { t: GalleryT; data: GallerySectionData; result: GalleryActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "gallery-submit";
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <div id="gallery-submit" className="mt-10 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h3 className="text-xl font-bold text-slate-900">{t("submit.heading")}</h3>
      <p className="mt-2 text-slate-800">{t("submit.intro")}</p>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 font-semibold ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {result.message}
        </p>
      ) : null}
      {data.signedIn ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action="/community#gallery-submit"
          preventScrollReset
          className="mt-4 grid max-w-xl gap-4"
        >
          <input type="hidden" name="intent" value="gallery-submit" />
          <div className="min-w-0">
            <label htmlFor="gallery-file" className="font-semibold text-slate-900">
              {t("submit.file")}
            </label>
            <p id="gallery-file-hint" className="text-sm text-slate-700">
              {t("submit.fileHint")}
            </p>
            <input
              id="gallery-file"
              name="file"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={errors.file ? "gallery-file-hint gallery-file-error" : "gallery-file-hint"}
              aria-invalid={errors.file ? true : undefined}
              className="mt-1 block min-h-11 w-full min-w-0 text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
            />
            {errors.file ? (
              <p id="gallery-file-error" className="mt-1 text-sm font-medium text-red-800">
                {errors.file}
              </p>
            ) : null}
          </div>
          <div className="min-w-0">
            <label htmlFor="gallery-title" className="font-semibold text-slate-900">
              {t("submit.title")}
            </label>
            <input
              id="gallery-title"
              name="title"
              required
              maxLength={data.limits.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? "gallery-title-error" : undefined}
              className={inputClasses}
            />
            {errors.title ? (
              <p id="gallery-title-error" className="mt-1 text-sm font-medium text-red-800">
                {errors.title}
              </p>
            ) : null}
          </div>
          <div className="min-w-0">
            <label htmlFor="gallery-description" className="font-semibold text-slate-900">
              {t("submit.description")}
            </label>
            <textarea
              id="gallery-description"
              name="description"
              rows={3}
              maxLength={data.limits.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? "gallery-description-error" : undefined}
              className={inputClasses}
            />
            {errors.description ? (
              <p id="gallery-description-error" className="mt-1 text-sm font-medium text-red-800">
                {errors.description}
              </p>
            ) : null}
          </div>
          <div>
            <button
              type="submit"
              disabled={busy}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t("submit.send")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-4">
          <Link
            to={data.signInHref}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
          >
            {t("submit.signIn")}
          </Link>
        </p>
      )}
    </div>
  );
}
