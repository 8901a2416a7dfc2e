import { formatInTimeZone } from "date-fns-tz";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/sermon-edit";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { loadSermonEditor } from "~/features/sermons/admin/load-sermon-editor.server";
import { parseId } from "~/features/sermons/admin/parse-id";
import { handleSermonFormAction, type SermonFormResult } from "~/features/sermons/admin/sermon-form-action.server";
import type { SermonFormValues } from "~/features/sermons/admin/sermon-form";
import { sermonsTranslator, useSermonsTranslation } from "~/features/sermons/sermons-translation";
import { numberFormat } from "~/i18n/intl-format";

/** The sermon this URL edits: null for /admin/sermons/new; a 404 for an id that is not one. */
function sermonIdOf(params: { sermonId?: string }): number | null {
  if (params.sermonId === undefined) return null;
  const id = parseId(params.sermonId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const sermonId = sermonIdOf(params);
  const today = formatInTimeZone(new Date(), await churchTimeZone(db), "yyyy-MM-dd");
  const editor = await loadSermonEditor({ db, sermonId, today });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged"] as const).find((k) => search.has(k)) ?? null;
  const t = sermonsTranslator(language);
  return data(
    { title: editor.id === null ? t("admin.newTitle") : t("admin.editTitle", { title: editor.values.titleEn ?? "" }), editor, notice },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read (or stored) before it.
  const ctx = await requireAdmin(request, "content");
  return handleSermonFormAction(request, ctx, sermonIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";
const fileInput =
  "block w-full min-w-0 text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-400 file:bg-white file:px-4 file:py-2 file:font-semibold";

function fileNameOf(url: string): string {
  return decodeURIComponent(url.split("/").pop() ?? url);
}

function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  return `${numberFormat(language, { maximumFractionDigits: mb < 10 ? 1 : 0 }).format(mb < 0.1 ? bytes / 1024 : mb)} ${mb < 0.1 ? "KB" : "MB"}`;
}

export default function AdminSermonEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useSermonsTranslation();
  const busy = useNavigation().state === "submitting";
  const { editor, notice } = loaderData;
  const result = actionData as SermonFormResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const values: SermonFormValues = failed && Object.keys(failed.values).length > 0 ? failed.values : editor.values;
  const topicIds = new Set(failed && Object.keys(failed.values).length > 0 ? failed.topicIds : editor.topicIds);
  const errors = failed?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  const err = (name: string) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const isNew = editor.id === null;
  const title = isNew ? t("admin.newTitle") : t("admin.editTitle", { title: editor.values.titleEn ?? "" });
  const { media } = editor;

  const text = (
    name: "titleEn" | "titleEs" | "slug" | "speaker" | "preachedOn" | "scripture" | "videoUrl" | "audioUrl" | "audioDuration",
    options: { required?: boolean; lang?: "en" | "es"; max?: number; hint?: string; type?: string } = {},
  ) => (
    <Field id={`sermon-${name}`} label={t(`admin.form.${name}`)} error={err(name)} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={options.type ?? "text"}
          lang={options.lang}
          defaultValue={v(name)}
          required={options.required}
          maxLength={options.max}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const check = (name: "removeVideoFile" | "removeAudio" | "removeNotes") => (
    <label className={checkboxRow}>
      <input type="checkbox" name={name} defaultChecked={v(name) === "on"} className="h-5 w-5" />
      <span className="text-slate-900">{t(`admin.form.${name}`)}</span>
    </label>
  );
  const file = (name: "videoFile" | "audioFile" | "notesFile", accept: string, hint: string) => (
    <Field id={`sermon-${name}`} label={t(`admin.form.${name}`)} hint={hint} error={err(name)}>
      {(props) => <input {...props} type="file" name={name} accept={accept} className={fileInput} />}
    </Field>
  );

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/sermons" className={adminButton.secondary}>
            {t("admin.backToList")}
          </Link>
          {editor.slug && editor.status === "published" ? (
            <a href={`/sermons/${editor.slug}`} target="_blank" rel="noreferrer" className={adminButton.secondary}>
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {failed ? (
        <Notice tone="error">{t(`admin.messages.${failed.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form
        key={`${editor.id ?? "new"}-${editor.values.slug ?? ""}-${notice ?? ""}`}
        method="post"
        encType="multipart/form-data"
        className="grid gap-6"
        aria-label={title}
      >
        {/* Enter in a field saves: the first submit button is the form's default. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          {isNew ? t("admin.form.create") : t("admin.form.save")}
        </button>

        <AdminCard id="sermon-text" title={t("admin.form.textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("titleEn", { required: true, lang: "en", max: 200 })}
              {text("titleEs", { lang: "es", max: 200, hint: t("admin.form.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {(["summaryEn", "summaryEs"] as const).map((name) => (
                <Field
                  key={name}
                  id={`sermon-${name}`}
                  label={t(`admin.form.${name}`)}
                  error={err(name)}
                  hint={name === "summaryEs" ? t("admin.form.spanishHint") : undefined}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      name={name}
                      lang={name === "summaryEn" ? "en" : "es"}
                      rows={5}
                      defaultValue={v(name)}
                      required={name === "summaryEn"}
                      maxLength={5000}
                      className={inputClasses}
                    />
                  )}
                </Field>
              ))}
            </div>
          </div>
        </AdminCard>

        <AdminCard id="sermon-details" title={t("admin.form.detailsLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("speaker", { required: true, max: 200 })}
              {text("preachedOn", { required: true, type: "date" })}
            </div>
            {text("scripture", { max: 300, hint: t("admin.form.scriptureHint") })}
            <Field id="sermon-seriesId" label={t("admin.form.seriesId")} error={err("seriesId")}>
              {(props) => (
                <select {...props} name="seriesId" defaultValue={v("seriesId")} className={inputClasses}>
                  <option value="">{t("admin.form.noSeries")}</option>
                  {editor.series.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.topics ? "sermon-topics-error" : undefined}>
              <legend className="mb-2 text-sm font-semibold text-slate-900">{t("admin.form.topicsLegend")}</legend>
              {editor.topics.length === 0 ? <p className="text-sm text-slate-700">{t("admin.form.noTopics")}</p> : null}
              <div className="flex flex-wrap gap-2">
                {editor.topics.map((topic) => (
                  <label key={topic.id} className={checkboxRow}>
                    <input
                      type="checkbox"
                      name="topicIds"
                      value={topic.id}
                      defaultChecked={topicIds.has(String(topic.id))}
                      className="h-5 w-5"
                    />
                    <span className="text-slate-900">{topic.name}</span>
                  </label>
                ))}
              </div>
              {errors.topics ? (
                <p id="sermon-topics-error" className="text-sm font-medium text-red-800">
                  {err("topics")}
                </p>
              ) : null}
            </fieldset>
          </div>
        </AdminCard>

        <AdminCard id="sermon-video" title={t("admin.form.mediaLegend")}>
          <div className="grid gap-4">
            {text("videoUrl", { type: "url", max: 2000, hint: t("admin.form.videoUrlHint") })}
            {media.videoFile ? (
              <div className="grid gap-2">
                <p className="text-sm wrap-anywhere text-slate-900">
                  <a href={media.videoFile.url} className="font-semibold text-brand-800 underline underline-offset-2">
                    {t("admin.form.currentVideoFile", { name: fileNameOf(media.videoFile.url) })}
                  </a>
                </p>
                {check("removeVideoFile")}
              </div>
            ) : null}
            {file("videoFile", "video/mp4,video/webm,.mp4,.m4v,.webm", t("admin.form.videoFileHint"))}
          </div>
        </AdminCard>

        <AdminCard id="sermon-audio" title={t("admin.form.audioLegend")}>
          <div className="grid gap-4">
            {media.audio ? (
              <div className="grid gap-2">
                <p className="text-sm wrap-anywhere text-slate-900">
                  <a href={media.audio.url} className="font-semibold text-brand-800 underline underline-offset-2">
                    {media.audio.bytes
                      ? t("admin.form.currentAudioSize", {
                          name: fileNameOf(media.audio.url),
                          size: formatBytes(media.audio.bytes, language),
                        })
                      : t("admin.form.currentAudio", { name: fileNameOf(media.audio.url) })}
                  </a>
                </p>
                {check("removeAudio")}
              </div>
            ) : null}
            {file("audioFile", "audio/mpeg,audio/mp4,.mp3,.m4a", t("admin.form.audioFileHint"))}
            {text("audioUrl", { max: 2000, hint: t("admin.form.audioUrlHint") })}
            {text("audioDuration", { max: 10, hint: t("admin.form.audioDurationHint") })}
          </div>
        </AdminCard>

        <AdminCard id="sermon-notes" title={t("admin.form.notesLegend")}>
          <div className="grid gap-4">
            {media.notes ? (
              <div className="grid gap-2">
                <p className="text-sm wrap-anywhere text-slate-900">
                  <a
                    href={media.notes.url}
                    download={media.notes.fileName}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {t("admin.form.currentNotes", { name: media.notes.fileName || fileNameOf(media.notes.url) })}
                  </a>
                </p>
                {check("removeNotes")}
              </div>
            ) : null}
            {file("notesFile", ".pdf,.docx,.odt,.txt,application/pdf,text/plain", t("admin.form.notesFileHint"))}
          </div>
        </AdminCard>

        <AdminCard id="sermon-publish" title={t("admin.form.publishLegend")}>
          <div className="grid gap-4">
            <Field id="sermon-status" label={t("admin.form.status")} error={err("status")}>
              {(props) => (
                <select {...props} name="status" defaultValue={v("status") || "draft"} className={inputClasses}>
                  <option value="draft">{t("admin.statuses.draft")}</option>
                  <option value="published">{t("admin.statuses.published")}</option>
                </select>
              )}
            </Field>
            {text("slug", { max: 100, hint: t("admin.form.slugHint") })}
          </div>
        </AdminCard>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" name="intent" value="save" className={adminButton.primary} disabled={busy}>
            {isNew ? t("admin.form.create") : t("admin.form.save")}
          </button>
          {busy ? (
            <p role="status" className="text-sm text-slate-700">
              {t("admin.form.uploading")}
            </p>
          ) : null}
        </div>
      </Form>

      {!isNew ? (
        <AdminCard id="sermon-delete" title={t("admin.form.deleteHeading")}>
          <Form method="post" encType="multipart/form-data" className="grid gap-3">
            <p className="text-slate-800">{t("admin.form.deleteHint")}</p>
            <input type="hidden" name="intent" value="delete" />
            <label className={checkboxRow}>
              <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5" />
              <span className="text-slate-900">{t("admin.form.deleteConfirm")}</span>
            </label>
            <div>
              <button type="submit" className={adminButton.danger} disabled={busy}>
                {t("admin.form.deleteButton")}
              </button>
            </div>
          </Form>
        </AdminCard>
      ) : null}
    </AdminPage>
  );
}
