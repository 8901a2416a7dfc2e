import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/volunteer-edit";
import { AdminCard, AdminPage, adminButton, AdminTable, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { loadOpportunityEditor, parseOpportunityId } from "~/features/volunteers/admin/load-opportunity-editor.server";
import { handleOpportunityAdminAction } from "~/features/volunteers/admin/opportunity-admin-action.server";
import {
  TEXT_LIMITS,
  type OpportunityAdminResult,
  type OpportunityFormValues,
  type OpportunityTextField,
} from "~/features/volunteers/admin/opportunity-form";
import { useVolunteersAdminTranslation, volunteersAdminTranslator } from "~/features/volunteers/volunteers-admin-translation";

/** The ministry this URL edits: null for /admin/volunteers/new; a 404 for an id that is not one. */
function opportunityIdOf(params: { opportunityId?: string }): number | null {
  if (params.opportunityId === undefined) return null;
  const id = parseOpportunityId(params.opportunityId);
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const editor = await loadOpportunityEditor({ db, opportunityId: opportunityIdOf(params) });
  if (!editor) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const search = url.searchParams;
  const notice = (["created", "saved", "unchanged"] as const).find((k) => search.has(k)) ?? null;
  const t = volunteersAdminTranslator(language);
  return data(
    {
      title: editor.id === null ? t("admin.newTitle") : t("admin.editTitle", { title: editor.values.title ?? "" }),
      timeZone: await churchTimeZone(db),
      editor,
      notice,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read before it.
  const ctx = await requireAdmin(request, "inbox:signups");
  return handleOpportunityAdminAction(request, ctx, opportunityIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";

/** /admin/volunteers/new and /admin/volunteers/:opportunityId: the bilingual ministry editor, its sign-ups, and delete. */
export default function AdminVolunteerEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useVolunteersAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { editor, timeZone, notice, title } = loaderData;
  const result = actionData as OpportunityAdminResult | undefined;
  const saveFailed = result?.intent === "save" ? result : undefined;
  const values: OpportunityFormValues = saveFailed?.values ?? editor.values;
  const errors = saveFailed?.fieldErrors ?? {};
  const v = (name: OpportunityTextField | "active") => values[name] ?? "";
  const err = (name: OpportunityTextField) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const isNew = editor.id === null;
  const labels: Record<OpportunityTextField, string> = {
    title: t("admin.fields.title"),
    titleEs: t("admin.fields.titleEs"),
    description: t("admin.fields.description"),
    descriptionEs: t("admin.fields.descriptionEs"),
    schedule: t("admin.fields.schedule"),
    scheduleEs: t("admin.fields.scheduleEs"),
    slug: t("admin.fields.slug"),
    sortOrder: t("admin.fields.sortOrder"),
  };

  const text = (name: OpportunityTextField, o: { required?: boolean; lang?: "en" | "es"; hint?: string; type?: string } = {}) => (
    <Field id={`ministry-${name}`} label={labels[name]} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={o.type ?? "text"}
          lang={o.lang}
          defaultValue={v(name)}
          required={o.required}
          maxLength={o.type === "number" ? undefined : TEXT_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const area = (name: OpportunityTextField, o: { lang: "en" | "es"; hint?: string }) => (
    <Field id={`ministry-${name}`} label={labels[name]} error={err(name)} hint={o.hint}>
      {(props) => (
        <textarea
          {...props}
          name={name}
          lang={o.lang}
          rows={4}
          defaultValue={v(name)}
          maxLength={TEXT_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );

  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Link to="/admin/volunteers" className={adminButton.secondary}>
            {t("admin.backToList")}
          </Link>
          {editor.slug && editor.active ? (
            <a
              href={`/community?serve=${encodeURIComponent(editor.slug)}#volunteer-form`}
              target="_blank"
              rel="noreferrer"
              className={adminButton.secondary}
            >
              {t("admin.viewPublic")}
            </a>
          ) : null}
        </>
      }
    >
      {result ? (
        <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <Form key={`${editor.id ?? "new"}-${notice ?? ""}`} method="post" className="grid gap-6" aria-label={title}>
        <input type="hidden" name="intent" value="save" />
        <AdminCard id="ministry-text" title={t("admin.textLegend")}>
          <div className="grid gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {text("title", { required: true, lang: "en" })}
              {text("titleEs", { lang: "es", hint: t("admin.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {area("description", { lang: "en" })}
              {area("descriptionEs", { lang: "es", hint: t("admin.spanishHint") })}
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              {text("schedule", { lang: "en", hint: t("admin.fields.scheduleHint") })}
              {text("scheduleEs", { lang: "es", hint: t("admin.spanishHint") })}
            </div>
          </div>
        </AdminCard>
        <AdminCard id="ministry-settings" title={t("admin.settingsLegend")}>
          <div className="grid gap-4 md:grid-cols-2">
            {text("slug", { hint: t("admin.fields.slugHint") })}
            {text("sortOrder", { type: "number", hint: t("admin.fields.sortOrderHint") })}
            <label className={`${checkboxRow} md:col-span-2`}>
              <input type="checkbox" name="active" defaultChecked={v("active") === "on"} className="h-5 w-5 shrink-0" />
              <span className="text-slate-900">{t("admin.fields.active")}</span>
            </label>
          </div>
        </AdminCard>
        <div>
          <button type="submit" disabled={busy} className={adminButton.primary}>
            {isNew ? t("admin.create") : t("admin.save")}
          </button>
        </div>
      </Form>

      {isNew ? null : (
        <>
          <AdminCard id="ministry-signups" title={t("admin.signupsHeading")}>
            {editor.signups.length === 0 ? (
              <p className="text-slate-700">{t("admin.signupsNone")}</p>
            ) : (
              <AdminTable
                label={t("admin.signupsTable")}
                minWidthClass="min-w-[48rem]"
                columns={[
                  t("admin.signupColumns.name"),
                  t("admin.signupColumns.email"),
                  t("admin.signupColumns.phone"),
                  t("admin.signupColumns.availability"),
                  t("admin.signupColumns.message"),
                  t("admin.signupColumns.date"),
                ]}
              >
                {editor.signups.map((s) => (
                  <tr key={s.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-3 pr-3 font-normal break-words">
                      {s.name}
                    </th>
                    <td className="py-3 pr-3 break-all">
                      <a href={`mailto:${s.email}`} className="text-brand-800 underline">
                        {s.email}
                      </a>
                    </td>
                    <td className="py-3 pr-3 whitespace-nowrap">{s.phone ?? "—"}</td>
                    <td className="py-3 pr-3 whitespace-pre-wrap break-words">{s.availability}</td>
                    <td className="py-3 pr-3 whitespace-pre-wrap break-words">{s.message || "—"}</td>
                    <td className="py-3 whitespace-nowrap">{formatDateTime(s.createdAt, language, timeZone)}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </AdminCard>

          <AdminCard id="ministry-delete" title={t("admin.deleteHeading")}>
            <Form method="post" className="grid gap-3">
              <p className="text-slate-800">{t("admin.deleteHint")}</p>
              <input type="hidden" name="intent" value="delete" />
              <label className={checkboxRow}>
                <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5 shrink-0" />
                <span className="text-slate-900">{t("admin.deleteConfirm")}</span>
              </label>
              <div>
                <button type="submit" className={adminButton.danger} disabled={busy}>
                  {t("admin.deleteButton")}
                </button>
              </div>
            </Form>
          </AdminCard>
        </>
      )}
    </AdminPage>
  );
}
