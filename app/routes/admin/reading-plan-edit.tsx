import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reading-plan-edit";
import { AdminCard, AdminPage, adminButton, Notice } from "~/components/admin/admin-ui";
import { DeleteCard, studyFieldHelpers } from "~/components/study/study-admin-fields";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import type { StudyFormFailure } from "~/features/study/admin/study-admin-form";
import { handleStudyFormAction, loadPlanEditor, parseStudyId } from "~/features/study/admin/study-admin-pages.server";
import { studyAdminTranslator, useStudyAdminTranslation } from "~/features/study/study-admin-translation";

/** The plan this URL edits: null for /admin/study/plans/new; a 404 for an id that is not one. */
function planIdOf(params: { planId?: string }): number | null {
  if (params.planId === undefined) return null;
  const id = parseStudyId(params.planId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const editor = await loadPlanEditor(db, planIdOf(params));
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged"] as const).find((k) => search.has(k)) ?? null;
  const t = studyAdminTranslator(language);
  const title = editor.id === null ? t("admin.planForm.newTitle") : t("admin.planForm.editTitle", { title: editor.values.titleEn ?? "" });
  return data({ title, editor, notice }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "content");
  return handleStudyFormAction(request, ctx, "plan", planIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AdminReadingPlanEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useStudyAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, notice, title } = loaderData;
  const failed = actionData as StudyFormFailure | undefined;
  const values = failed && Object.keys(failed.values).length > 0 ? failed.values : editor.values;
  const { text, area } = studyFieldHelpers(t, "plan", values, failed?.fieldErrors ?? {});
  const isNew = editor.id === null;
  const f = (key: string) => t(`admin.planForm.${key}` as Parameters<typeof t>[0]);

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/study" className={adminButton.secondary}>
            {t("admin.back")}
          </Link>
          {editor.slug && editor.isActive ? (
            <a href={`/study/plans/${editor.slug}`} target="_blank" rel="noopener" className={adminButton.secondary}>
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {failed ? (
        <Notice tone="error">{t(`admin.messages.${failed.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(notice === "created" ? "admin.messages.planCreated" : `admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form key={`${editor.id ?? "new"}-${notice ?? ""}`} method="post" className="grid gap-6" aria-label={title}>
        <AdminCard id="plan-text" title={f("textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("titleEn", f("titleEn"), { required: true, lang: "en", max: 200 })}
              {text("titleEs", f("titleEs"), { lang: "es", max: 200, hint: t("admin.spanishHint") })}
            </div>
            {text("slug", t("admin.slug"), { max: 100, hint: t("admin.slugHint") })}
            <div className="grid gap-4 md:grid-cols-2">
              {area("descriptionEn", f("descriptionEn"), { lang: "en", rows: 4 })}
              {area("descriptionEs", f("descriptionEs"), { lang: "es", rows: 4, hint: t("admin.spanishHint") })}
            </div>
            {area("days", f("days"), { required: true, rows: 12, hint: f("daysHint") })}
            <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <input type="checkbox" name="isActive" defaultChecked={values.isActive === "on"} className="h-5 w-5" />
              <span className="text-slate-900">{f("active")}</span>
            </label>
          </div>
        </AdminCard>
        <div>
          <button type="submit" name="intent" value="save" disabled={busy} className={adminButton.primary}>
            {isNew ? f("create") : f("save")}
          </button>
        </div>
      </Form>

      {isNew ? null : <DeleteCard t={t} id="plan-delete" title={t("admin.deleteHeading")} body={f("deleteBody")} button={f("delete")} />}
    </AdminPage>
  );
}
