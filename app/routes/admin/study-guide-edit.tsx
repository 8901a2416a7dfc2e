import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/study-guide-edit";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { DeleteCard, studyFieldHelpers } from "~/components/study/study-admin-fields";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { GUIDE_STATUSES, type StudyFormFailure } from "~/features/study/admin/study-admin-form";
import { handleStudyFormAction, loadGuideEditor, parseStudyId } from "~/features/study/admin/study-admin-pages.server";
import { churchToday } from "~/features/study/study-dates.server";
import { studyAdminTranslator, useStudyAdminTranslation } from "~/features/study/study-admin-translation";

/** The guide this URL edits: null for /admin/study/guides/new; a 404 for an id that is not one. */
function guideIdOf(params: { guideId?: string }): number | null {
  if (params.guideId === undefined) return null;
  const id = parseStudyId(params.guideId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const guideId = guideIdOf(params);
  const { today } = await churchToday(db);
  const editor = await loadGuideEditor(db, guideId, today);
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged"] as const).find((k) => search.has(k)) ?? null;
  const t = studyAdminTranslator(language);
  const title = editor.id === null ? t("admin.guideForm.newTitle") : t("admin.guideForm.editTitle", { title: editor.values.titleEn ?? "" });
  return data({ title, editor, notice }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "content");
  return handleStudyFormAction(request, ctx, "guide", guideIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AdminStudyGuideEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useStudyAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, notice, title } = loaderData;
  const failed = actionData as StudyFormFailure | undefined;
  const values = failed && Object.keys(failed.values).length > 0 ? failed.values : editor.values;
  const { text, area, err } = studyFieldHelpers(t, "guide", values, failed?.fieldErrors ?? {});
  const isNew = editor.id === null;
  const f = (key: string) => t(`admin.guideForm.${key}` as Parameters<typeof t>[0]);

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/study" className={adminButton.secondary}>
            {t("admin.back")}
          </Link>
          {editor.slug && editor.status === "published" ? (
            <a href={`/past-bible-studies/${editor.slug}`} target="_blank" rel="noopener" className={adminButton.secondary}>
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

      <Form key={`${editor.id ?? "new"}-${notice ?? ""}`} method="post" className="grid gap-6" aria-label={title}>
        <AdminCard id="guide-text" title={f("textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("titleEn", f("titleEn"), { required: true, lang: "en", max: 200 })}
              {text("titleEs", f("titleEs"), { lang: "es", max: 200, hint: t("admin.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-3">
              {text("weekOf", f("weekOf"), { required: true, type: "date", hint: f("weekOfHint") })}
              {text("passage", f("passage"), { required: true, max: 200, hint: f("passageHint") })}
              {text("slug", t("admin.slug"), { max: 100, hint: t("admin.slugHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("devotionalEn", f("devotionalEn"), { required: true, lang: "en", rows: 10 })}
              {area("devotionalEs", f("devotionalEs"), { lang: "es", rows: 10, hint: t("admin.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("questionsEn", f("questionsEn"), { lang: "en", hint: f("questionsHint") })}
              {area("questionsEs", f("questionsEs"), { lang: "es", hint: f("questionsHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("prayerEn", f("prayerEn"), { required: true, lang: "en", rows: 4 })}
              {area("prayerEs", f("prayerEs"), { lang: "es", rows: 4, hint: t("admin.spanishHint") })}
            </div>
            <Field id="guide-status" label={f("status")} error={err("status")}>
              {(props) => (
                <select {...props} name="status" defaultValue={values.status ?? "draft"} className={`${inputClasses} max-w-xs`}>
                  {GUIDE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`admin.statuses.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </AdminCard>
        <div>
          <button type="submit" name="intent" value="save" disabled={busy} className={adminButton.primary}>
            {isNew ? f("create") : f("save")}
          </button>
        </div>
      </Form>

      {isNew ? null : <DeleteCard t={t} id="guide-delete" title={t("admin.deleteHeading")} body={f("deleteBody")} button={f("delete")} />}
    </AdminPage>
  );
}
