import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/gallery";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { GalleryPicture } from "~/components/gallery/gallery-picture";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import {
  loadAdminGallery,
  runAdminGalleryAction,
  type AdminGalleryActionData,
  type AdminGalleryData,
} from "~/features/gallery/admin-gallery.server";
import { useGalleryAdminTranslation, type GalleryAdminT } from "~/features/gallery/gallery-admin-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireAdmin(request, "content");
  const gallery = await loadAdminGallery({ ctx, request });
  return data({ title: adminTranslator(ctx.language)("sections.gallery"), ...gallery }, { headers: NO_STORE });
}

/** Read as a stream (many photos at once): the admin check runs before any byte of the body. */
export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "content");
  const outcome = await runAdminGalleryAction({ ctx, request });
  return data(outcome.data, { status: outcome.status, headers: { ...NO_STORE, ...outcome.headers } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type Album = AdminGalleryData["albums"][number];
type Photo = AdminGalleryData["photos"][number];

/** /admin/gallery (scope content): upload many photos, captions in both languages, albums, categories, delete. */
export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGalleryAdminTranslation();
  const result = actionData as AdminGalleryActionData | undefined;
  const topMessage = result && (result.id === null || result.ok) ? result : undefined;
  const { page, pages } = loaderData;
  return (
    <AdminPage title={loaderData.title} intro={t("admin.intro")}>
      {topMessage ? <Notice tone={topMessage.ok ? "success" : "error"}>{topMessage.message}</Notice> : null}
      {loaderData.pendingCount > 0 ? (
        <Notice tone="info">
          {t("admin.pendingNote", { count: loaderData.pendingCount })}{" "}
          <Link to="/admin/moderation" className="font-semibold underline underline-offset-4">
            {t("admin.pendingLink")}
          </Link>
        </Notice>
      ) : null}
      <UploadCard t={t} data={loaderData} />
      <AlbumsCard
        t={t}
        albums={loaderData.albums}
        problem={result && !result.ok && result.intent?.endsWith("album") ? result : undefined}
      />
      <AdminCard title={t("admin.list.heading")} id="gallery-photos">
        {loaderData.photos.length === 0 ? (
          <p className="text-slate-700">{t("admin.list.empty")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {loaderData.photos.map((photo) => (
              <PhotoItem
                key={photo.id}
                t={t}
                language={language}
                photo={photo}
                data={loaderData}
                problem={result && !result.ok && result.id === photo.id ? result.message : undefined}
              />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t("admin.list.pagination")} className="mt-6 flex flex-wrap items-center gap-4">
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className={adminButton.secondary}>
                {t("admin.list.previous")}
              </Link>
            ) : null}
            <span className="text-sm text-slate-800">{t("admin.list.pageOf", { page, pages })}</span>
            {page < pages ? (
              <Link to={`?page=${page + 1}`} className={adminButton.secondary}>
                {t("admin.list.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </AdminCard>
    </AdminPage>
  );
}

function CaptionFields({
  t,
  idPrefix,
  data,
  values,
}: {
  t: GalleryAdminT;
  idPrefix: string;
  data: AdminGalleryData;
  values?: Partial<Photo>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${idPrefix}-title`} label={t("admin.titleEn")}>
        {(props) => (
          <input {...props} name="title" defaultValue={values?.title ?? ""} maxLength={data.limits.title} className={inputClasses} />
        )}
      </Field>
      <Field id={`${idPrefix}-title-es`} label={t("admin.titleEs")}>
        {(props) => (
          <input {...props} name="titleEs" defaultValue={values?.titleEs ?? ""} maxLength={data.limits.title} className={inputClasses} />
        )}
      </Field>
      <Field id={`${idPrefix}-description`} label={t("admin.descriptionEn")}>
        {(props) => (
          <textarea
            {...props}
            name="description"
            rows={2}
            defaultValue={values?.description ?? ""}
            maxLength={data.limits.description}
            className={inputClasses}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-description-es`} label={t("admin.descriptionEs")}>
        {(props) => (
          <textarea
            {...props}
            name="descriptionEs"
            rows={2}
            defaultValue={values?.descriptionEs ?? ""}
            maxLength={data.limits.description}
            className={inputClasses}
          />
        )}
      </Field>
    </div>
  );
}

function AlbumCategoryFields({
  t,
  idPrefix,
  data,
  values,
  allowNew,
}: {
  t: GalleryAdminT;
  idPrefix: string;
  data: AdminGalleryData;
  values?: Partial<Photo>;
  allowNew: boolean;
}) {
  const { language } = useGalleryAdminTranslation();
  const albumTitle = (a: Album) => (language === "es" && a.titleEs) || a.title;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field id={`${idPrefix}-album`} label={t("admin.album")}>
        {(props) => (
          <select {...props} name="album" defaultValue={values?.albumId ? String(values.albumId) : ""} className={inputClasses}>
            <option value="">{t("admin.noAlbum")}</option>
            {data.albums.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {albumTitle(a)}
              </option>
            ))}
            {allowNew ? <option value="new">{t("admin.newAlbum")}</option> : null}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-category`} label={t("admin.category")}>
        {(props) => (
          <select {...props} name="category" defaultValue={values?.category ?? ""} className={inputClasses}>
            <option value="">{t("admin.noCategory")}</option>
            {data.categories.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-date`} label={t("admin.eventDate")} hint={t("admin.eventDateHint")}>
        {(props) => <input {...props} type="date" name="eventDate" defaultValue={values?.eventDate ?? ""} className={inputClasses} />}
      </Field>
    </div>
  );
}

function UploadCard({ t, data }: { t: GalleryAdminT; data: AdminGalleryData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    <AdminCard title={t("admin.upload.heading")} id="gallery-upload">
      <Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-4">
        <input type="hidden" name="intent" value="upload" />
        <Field id="gallery-files" label={t("admin.upload.files")} hint={t("admin.upload.filesHint", { max: data.limits.files })}>
          {(props) => (
            <input
              {...props}
              type="file"
              name="files"
              multiple
              required
              accept="image/jpeg,image/png,image/webp"
              className="block min-h-11 w-full min-w-0 text-base text-slate-900"
            />
          )}
        </Field>
        <AlbumCategoryFields t={t} idPrefix="gallery-batch" data={data} allowNew />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="gallery-new-album-title" label={t("admin.newAlbumTitle")}>
            {(props) => <input {...props} name="newAlbumTitle" maxLength={data.limits.title} className={inputClasses} />}
          </Field>
          <Field id="gallery-new-album-title-es" label={t("admin.newAlbumTitleEs")}>
            {(props) => <input {...props} name="newAlbumTitleEs" maxLength={data.limits.title} className={inputClasses} />}
          </Field>
          <Field id="gallery-new-album-date" label={t("admin.albumDate")}>
            {(props) => <input {...props} type="date" name="newAlbumDate" className={inputClasses} />}
          </Field>
        </div>
        <p className="text-sm text-slate-700">{t("admin.upload.batchHint")}</p>
        <CaptionFields t={t} idPrefix="gallery-batch" data={data} />
        <div>
          <button type="submit" disabled={busy} className={adminButton.primary}>
            {t("admin.upload.submit")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}

function AlbumsCard({ t, albums, problem }: { t: GalleryAdminT; albums: Album[]; problem: AdminGalleryActionData | undefined }) {
  return (
    <AdminCard title={t("admin.albums.heading")} id="gallery-albums">
      {albums.length === 0 ? <p className="text-slate-700">{t("admin.albums.empty")}</p> : null}
      <ul className="grid gap-4">
        {albums.map((album) => (
          <li
            key={album.id}
            className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3"
            aria-label={t("admin.albums.editLabel", { title: album.title })}
          >
            {problem?.id === String(album.id) ? <Notice tone="error">{problem.message}</Notice> : null}
            <Form method="post" className="grid min-w-0 gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-end">
              <input type="hidden" name="intent" value="update-album" />
              <input type="hidden" name="id" value={album.id} />
              <Field id={`album-${album.id}-title`} label={t("admin.titleEn")}>
                {(props) => <input {...props} name="title" required defaultValue={album.title} className={inputClasses} />}
              </Field>
              <Field id={`album-${album.id}-title-es`} label={t("admin.titleEs")}>
                {(props) => <input {...props} name="titleEs" defaultValue={album.titleEs ?? ""} className={inputClasses} />}
              </Field>
              <Field id={`album-${album.id}-date`} label={t("admin.albumDate")}>
                {(props) => <input {...props} type="date" name="eventDate" defaultValue={album.eventDate ?? ""} className={inputClasses} />}
              </Field>
              <button type="submit" className={adminButton.secondary}>
                {t("admin.albums.save")}
              </button>
            </Form>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="delete-album" />
              <input type="hidden" name="id" value={album.id} />
              <span className="text-sm text-slate-700">{t("admin.albums.photos", { count: album.photos })}</span>
              <button type="submit" className={adminButton.danger}>
                {t("admin.albums.delete")}
              </button>
              <span className="text-sm text-slate-700">{t("admin.albums.deleteHint")}</span>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 grid min-w-0 gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-end">
        <input type="hidden" name="intent" value="create-album" />
        <Field id="album-new-title" label={t("admin.newAlbumTitle")}>
          {(props) => <input {...props} name="title" required className={inputClasses} />}
        </Field>
        <Field id="album-new-title-es" label={t("admin.newAlbumTitleEs")}>
          {(props) => <input {...props} name="titleEs" className={inputClasses} />}
        </Field>
        <Field id="album-new-date" label={t("admin.albumDate")}>
          {(props) => <input {...props} type="date" name="eventDate" className={inputClasses} />}
        </Field>
        <button type="submit" className={adminButton.primary}>
          {t("admin.albums.create")}
        </button>
      </Form>
      {problem && problem.id === null ? (
        <div className="mt-3">
          <Notice tone="error">{problem.message}</Notice>
        </div>
      ) : null}
    </AdminCard>
  );
}

function PhotoItem({
  t,
  language,
  photo,
  data,
  problem,
}: {
  t: GalleryAdminT;
  language: string;
  photo: Photo;
  data: AdminGalleryData;
  problem: string | undefined;
}) {
  const title = (language === "es" && photo.titleEs) || photo.title;
  const base = `gallery-photo-${photo.id}`;
  return (
    <li className="grid min-w-0 content-start gap-2 rounded-lg border border-slate-200 p-3" data-testid="gallery-admin-photo">
      {photo.imageUrl ? (
        <GalleryPicture
          image={{ ...photo, imageUrl: photo.imageUrl }}
          alt={title}
          sizes="(min-width: 1280px) 22rem, (min-width: 640px) 45vw, 90vw"
          className="aspect-[4/3] h-auto w-full rounded-md bg-slate-200 object-cover"
        />
      ) : null}
      <p className="font-semibold wrap-anywhere text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">
        {t(`admin.status.${photo.status}`)} · {t("admin.list.added", { date: formatDateTime(photo.createdAt, language) })}
      </p>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <details className="min-w-0">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-4">
          {t("admin.list.edit", { title })}
        </summary>
        <Form method="post" className="mt-3 grid min-w-0 gap-3">
          <input type="hidden" name="intent" value="update-photo" />
          <input type="hidden" name="id" value={photo.id} />
          <CaptionFields t={t} idPrefix={base} data={data} values={photo} />
          <AlbumCategoryFields t={t} idPrefix={base} data={data} values={photo} allowNew={false} />
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("admin.list.save")}
            </button>
          </div>
        </Form>
      </details>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="delete-photo" />
        <input type="hidden" name="id" value={photo.id} />
        <button type="submit" className={adminButton.danger} aria-describedby={`${base}-delete-hint`}>
          {t("admin.list.delete")}
        </button>
        <span id={`${base}-delete-hint`} className="sr-only">
          {t("admin.list.deleteHint")}
        </span>
      </Form>
    </li>
  );
}
