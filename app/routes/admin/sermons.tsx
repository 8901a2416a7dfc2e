import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sermons";
import { adminButton, AdminCard, AdminPage, AdminTable, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import {
  listAdminSermons,
  listSermonTaxonomy,
  SERMON_STATUS_FILTERS,
  type AdminTaxonomyRow,
  type SermonStatusFilter,
} from "~/features/sermons/admin/list-admin-sermons.server";
import { handleSermonListAction, type SermonListActionData } from "~/features/sermons/admin/sermon-list-action.server";
import type { TaxonomyKind } from "~/features/sermons/admin/sermon-taxonomy";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { formatSermonDate } from "~/features/sermons/sermon-dates";
import { sermonsTranslator, useSermonsTranslation, type SermonsT } from "~/features/sermons/sermons-translation";
import { readSearchQuery } from "~/lib/search-query";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const statusParam = url.searchParams.get("status") ?? "all";
  const status: SermonStatusFilter = (SERMON_STATUS_FILTERS as readonly string[]).includes(statusParam)
    ? (statusParam as SermonStatusFilter)
    : "all";
  const search = readSearchQuery(url);
  const [rows, taxonomy] = await Promise.all([listAdminSermons({ db, status, search }), listSermonTaxonomy(db)]);
  return data(
    {
      title: sermonsTranslator(language)("admin.title"),
      status,
      search,
      sermons: rows.map((r) => ({ ...r, dateLabel: formatSermonDate(r.preachedOn, language) })),
      taxonomy,
      deleted: url.searchParams.has("deleted"),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "content");
  return handleSermonListAction(request, ctx);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badgeBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const badge = {
  draft: "border-slate-400 bg-slate-100 text-slate-900",
  published: "border-emerald-400 bg-emerald-50 text-emerald-900",
} as const;
const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function AdminSermons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSermonsTranslation();
  const result = actionData as SermonListActionData | undefined;
  const { sermons, status, search, taxonomy, deleted } = loaderData;
  const notice = result
    ? {
        ok: result.ok,
        text:
          result.message === "taxonomyInvalid"
            ? t("admin.messages.taxonomyInvalid", {
                problem: Object.values(result.fieldErrors ?? {})
                  .map((e) => t(`admin.errors.${e}`))
                  .join(" "),
              })
            : t(`admin.messages.${result.message}`),
      }
    : deleted
      ? { ok: true, text: t("admin.messages.deleted") }
      : null;

  return (
    <AdminPage
      title={t("admin.title")}
      intro={t("admin.intro")}
      actions={
        <Link to="/admin/sermons/new" className={adminButton.primary}>
          {t("admin.newSermon")}
        </Link>
      }
    >
      {notice ? <Notice tone={notice.ok ? "success" : "error"}>{notice.text}</Notice> : null}

      <AdminCard id="sermon-filters" title={t("admin.filters.heading")}>
        <Form method="get" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end">
          <Field id="sermons-status" label={t("admin.filters.status")}>
            {(props) => (
              <select {...props} name="status" defaultValue={status} className={inputClasses}>
                <option value="all">{t("admin.filters.all")}</option>
                <option value="draft">{t("admin.statuses.draft")}</option>
                <option value="published">{t("admin.statuses.published")}</option>
              </select>
            )}
          </Field>
          <Field id="sermons-search" label={t("admin.filters.search")}>
            {(props) => <input {...props} type="search" name="q" defaultValue={search} maxLength={200} className={inputClasses} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.secondary}>
              {t("admin.filters.apply")}
            </button>
            {status !== "all" || search ? (
              <Link to="/admin/sermons" className={adminButton.secondary}>
                {t("admin.filters.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      </AdminCard>

      <AdminCard id="sermon-list" title={t("admin.list.heading")}>
        {sermons.length === 0 ? (
          <p className="text-slate-700">{t("admin.list.none")}</p>
        ) : (
          <AdminTable
            label={t("admin.list.tableLabel")}
            minWidthClass="min-w-[40rem]"
            columns={[
              t("admin.list.title"),
              t("admin.list.date"),
              t("admin.list.speaker"),
              t("admin.list.series"),
              t("admin.list.status"),
              t("admin.list.media"),
            ]}
          >
            {sermons.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-3 pr-3 font-normal">
                  <Link to={`/admin/sermons/${row.id}`} className={linkClasses} aria-label={t("admin.list.edit", { title: row.title })}>
                    {row.title}
                  </Link>
                  {row.missingSpanish ? (
                    <span className={`${badgeBase} mt-1 ml-2 border-amber-400 bg-amber-50 text-amber-900`}>
                      {t("admin.list.missingSpanish")}
                    </span>
                  ) : null}
                </th>
                <td className="py-3 pr-3 whitespace-nowrap">
                  <time dateTime={row.preachedOn}>{row.dateLabel}</time>
                </td>
                <td className="py-3 pr-3">{row.speaker}</td>
                <td className="py-3 pr-3">{row.series ?? t("admin.list.noSeries")}</td>
                <td className="py-3 pr-3">
                  <span className={`${badgeBase} ${badge[row.status]}`}>{t(`admin.statuses.${row.status}`)}</span>
                </td>
                <td className="py-3">
                  {[row.hasAudio ? t("admin.list.audio") : null, row.hasVideo ? t("admin.list.video") : null].filter(Boolean).join(", ") ||
                    "—"}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>

      <TaxonomyCard kind="series" rows={taxonomy.series} result={result} t={t} />
      <TaxonomyCard kind="topic" rows={taxonomy.topics} result={result} t={t} />
    </AdminPage>
  );
}

function TaxonomyCard({
  kind,
  rows,
  result,
  t,
}: {
  kind: TaxonomyKind;
  rows: AdminTaxonomyRow[];
  result: SermonListActionData | undefined;
  t: SermonsT;
}) {
  const series = kind === "series";
  return (
    <AdminCard id={`sermon-${kind}`} title={series ? t("admin.taxonomy.seriesHeading") : t("admin.taxonomy.topicsHeading")}>
      {rows.length === 0 ? (
        <p className="text-slate-700">{series ? t("admin.taxonomy.noneSeries") : t("admin.taxonomy.noneTopics")}</p>
      ) : null}
      <ul className="grid gap-3">
        {rows.map((row) => {
          const formId = `${kind}-${row.id}`;
          const failed = result && !result.ok && result.form === formId ? result : undefined;
          return (
            <li key={row.id} className="rounded-lg border border-slate-200 p-3">
              <details open={Boolean(failed)}>
                <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold wrap-anywhere text-slate-900">{row.nameEn}</span>
                  {row.nameEs ? (
                    <span lang="es" className="wrap-anywhere text-slate-700">
                      {row.nameEs}
                    </span>
                  ) : null}
                  <span className="text-sm text-slate-700">{t("admin.taxonomy.sermonCount", { count: row.sermons })}</span>
                  <span className="sr-only">
                    {series ? t("admin.taxonomy.editSeries", { name: row.nameEn }) : t("admin.taxonomy.editTopic", { name: row.nameEn })}
                  </span>
                </summary>
                <TaxonomyForm kind={kind} id={row.id} row={row} failed={failed} t={t} />
                <Form method="post" className="mt-4 grid gap-3 border-t border-slate-200 pt-4">
                  <input type="hidden" name="intent" value={`${kind}-delete`} />
                  <input type="hidden" name="id" value={row.id} />
                  <label className="flex min-h-11 items-center gap-3">
                    <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5" />
                    <span className="text-slate-900">
                      {series ? t("admin.taxonomy.confirmSeriesDelete") : t("admin.taxonomy.confirmTopicDelete")}
                    </span>
                  </label>
                  <div>
                    <button
                      type="submit"
                      className={adminButton.danger}
                      aria-label={
                        series
                          ? t("admin.taxonomy.deleteSeries", { name: row.nameEn })
                          : t("admin.taxonomy.deleteTopic", { name: row.nameEn })
                      }
                    >
                      {t("admin.taxonomy.delete")}
                    </button>
                  </div>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-6 mb-3 font-semibold text-slate-900">{series ? t("admin.taxonomy.newSeries") : t("admin.taxonomy.newTopic")}</h3>
      <TaxonomyForm
        kind={kind}
        id={null}
        row={null}
        failed={result && !result.ok && result.form === `${kind}-new` ? result : undefined}
        t={t}
      />
    </AdminCard>
  );
}

function TaxonomyForm({
  kind,
  id,
  row,
  failed,
  t,
}: {
  kind: TaxonomyKind;
  id: number | null;
  row: AdminTaxonomyRow | null;
  failed: SermonListActionData | undefined;
  t: SermonsT;
}) {
  const series = kind === "series";
  const prefix = `${kind}-${id ?? "new"}`;
  const initial: Record<string, string> = row
    ? {
        nameEn: row.nameEn,
        nameEs: row.nameEs ?? "",
        descriptionEn: row.descriptionEn,
        descriptionEs: row.descriptionEs ?? "",
        slug: row.slug,
      }
    : {};
  const values = failed?.values ?? initial;
  const err = (name: string) => (failed?.fieldErrors?.[name] ? t(`admin.errors.${failed.fieldErrors[name]}`) : null);
  const input = (name: "nameEn" | "nameEs" | "slug", label: string, options: { required?: boolean; lang?: string; hint?: string } = {}) => (
    <Field id={`${prefix}-${name}`} label={label} error={err(name)} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          lang={options.lang}
          defaultValue={values[name] ?? ""}
          required={options.required}
          maxLength={name === "slug" ? 100 : 200}
          className={inputClasses}
        />
      )}
    </Field>
  );
  return (
    <Form method="post" className="mt-3 grid gap-4" key={`${prefix}-${row?.slug ?? ""}-${row?.nameEn ?? ""}`}>
      <input type="hidden" name="intent" value={`${kind}-save`} />
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {input("nameEn", series ? t("admin.taxonomy.titleEn") : t("admin.taxonomy.nameEn"), { required: true, lang: "en" })}
        {input("nameEs", series ? t("admin.taxonomy.titleEs") : t("admin.taxonomy.nameEs"), { lang: "es" })}
      </div>
      {series ? (
        <div className="grid gap-4 md:grid-cols-2">
          {(["descriptionEn", "descriptionEs"] as const).map((name) => (
            <Field key={name} id={`${prefix}-${name}`} label={t(`admin.taxonomy.${name}`)} error={err(name)}>
              {(props) => (
                <textarea
                  {...props}
                  name={name}
                  lang={name === "descriptionEn" ? "en" : "es"}
                  rows={3}
                  maxLength={2000}
                  defaultValue={values[name] ?? ""}
                  className={inputClasses}
                />
              )}
            </Field>
          ))}
        </div>
      ) : null}
      {input("slug", t("admin.taxonomy.slug"), { hint: t("admin.taxonomy.slugHint") })}
      <div>
        <button type="submit" className={id === null ? adminButton.primary : adminButton.secondary}>
          {id === null ? t("admin.taxonomy.create") : t("admin.taxonomy.save")}
        </button>
      </div>
    </Form>
  );
}
