import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/members-import";
import { AdminCard, AdminPage, AdminTable, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { IMPORT_FIELDS } from "~/features/people/admin/import/import-formats";
import type { ImportView } from "~/features/people/admin/import/member-import.server";
import { loadImportPage, runImportAction } from "~/features/people/admin/import/member-import.server";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "members");
  const page = await loadImportPage({ db, id: url.searchParams.get("id") });
  return data(
    { title: adminTranslator(language)("members.import.title"), ...page },
    { status: page.notFound ? 404 : 200, headers: NO_STORE },
  );
}

export type MembersImportActionData = {
  ok: false;
  key: AdminMessageKey;
  values?: Record<string, string | number>;
  field?: string;
};

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "members");
  const answer = await runImportAction({ db, actor: admin, ip, request });
  if (!answer.ok) {
    return data<MembersImportActionData>(
      { ok: false, key: answer.key, values: answer.values, field: answer.field },
      { status: answer.status, headers: NO_STORE },
    );
  }
  return redirect(answer.id ? `/admin/members/import?id=${answer.id}` : "/admin/members/import", { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AdminMembersImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { current, recent, notFound } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <AdminPage
      title={t("members.import.title")}
      intro={t("members.import.intro")}
      actions={
        <Link to="/admin/members" className={adminButton.secondary}>
          {t("members.import.backToMembers")}
        </Link>
      }
    >
      {failure ? <Notice tone="error">{t(failure.key, failure.values)}</Notice> : null}
      {notFound ? <Notice tone="error">{t("members.import.errors.notFound")}</Notice> : null}
      {!current ? (
        <>
          <UploadCard t={t} error={failure?.field === "file" ? t(failure.key, failure.values) : null} />
          <RecentImports recent={recent} t={t} language={language} />
        </>
      ) : current.status === "uploaded" || current.status === "checked" ? (
        <>
          <MappingForm current={current} t={t} mappingError={failure?.field === "mapping" ? t(failure.key) : null} />
          {current.status === "checked" && current.report ? <ReportCard current={current} t={t} /> : null}
        </>
      ) : current.status === "done" ? (
        <SummaryCard current={current} t={t} />
      ) : (
        <ProgressCard current={current} t={t} />
      )}
    </AdminPage>
  );
}

function UploadCard({ t, error }: { t: AdminT; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <AdminCard title={t("members.import.upload.title")} id="import-upload">
      <div className="grid gap-2 text-slate-700">
        <p className="font-semibold text-slate-900">{t("members.import.upload.limits")}</p>
        <p>{t("members.import.upload.formats")}</p>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="upload" />
        <Field id="import-file" label={t("members.import.upload.file")} hint={t("members.import.upload.fileHint")} error={error}>
          {(props) => <input {...props} type="file" name="file" accept=".csv,text/csv" required className={inputClasses} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("members.import.upload.submit")}
          </button>
        </div>
      </Form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <a href="/admin/members/import-template.csv" download className={adminButton.secondary}>
          {t("members.import.upload.template")}
        </a>
        <p className="mt-2 text-sm wrap-anywhere text-slate-600">{t("members.import.upload.templateHint")}</p>
      </div>
    </AdminCard>
  );
}

function RecentImports({ recent, t, language }: { recent: Route.ComponentProps["loaderData"]["recent"]; t: AdminT; language: string }) {
  return (
    <AdminCard title={t("members.import.recent.title")} id="import-recent">
      {recent.length === 0 ? (
        <p className="text-slate-700">{t("members.import.recent.none")}</p>
      ) : (
        <AdminTable
          label={t("members.import.recent.title")}
          minWidthClass="min-w-[32rem]"
          columns={[t("members.import.recent.file"), t("members.import.recent.when"), t("members.import.recent.statusLabel"), ""]}
        >
          {recent.map((item) => (
            <tr key={item.id} className="border-b border-slate-200">
              <td className="py-2 pr-3 break-all">{item.fileName}</td>
              <td className="py-2 pr-3">{formatDateTime(item.createdAt, language)}</td>
              <td className="py-2 pr-3">{t(`members.import.recent.status.${item.status}`)}</td>
              <td className="py-2">
                <Link
                  to={`/admin/members/import?id=${item.id}`}
                  className="font-semibold text-brand-800 underline"
                  aria-label={t("members.import.recent.openLabel", { file: item.fileName })}
                >
                  {t("members.import.recent.open")}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminCard>
  );
}

function FileInfo({ current, t }: { current: ImportView; t: AdminT }) {
  return (
    <p className="text-sm wrap-anywhere text-slate-700">
      {t("members.import.fileInfo", {
        file: current.fileName,
        rows: current.rowCount,
        format: t(`members.import.formats.${current.format}`),
        encoding: current.encoding.toUpperCase(),
      })}
    </p>
  );
}

function MappingForm({ current, t, mappingError }: { current: ImportView; t: AdminT; mappingError: string | null }) {
  const busy = useNavigation().state === "submitting";
  const options = current.options ?? { duplicates: "merge", defaultLanguage: "en", invite: false };
  const headerLabel = (header: string, index: number) => header || t("members.import.mapping.column", { number: index + 1 });
  return (
    <AdminCard title={t("members.import.mapping.title")} id="import-mapping">
      <FileInfo current={current} t={t} />
      <p className="mt-2 text-slate-700">{t("members.import.mapping.hint")}</p>
      {current.missing.includes("name") ? (
        <div className="mt-3">
          <Notice tone="error">{t("members.import.mapping.missingName")}</Notice>
        </div>
      ) : null}
      {current.missing.includes("contact") ? (
        <div className="mt-3">
          <Notice tone="error">{t("members.import.mapping.missingContact")}</Notice>
        </div>
      ) : null}

      <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t("members.import.mapping.previewTitle")}</h3>
      <div
        role="region"
        aria-label={t("members.import.mapping.previewLabel")}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              {current.headers.map((header, index) => (
                <th key={index} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
                  {headerLabel(header, index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {current.preview.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-slate-200">
                {row.map((cell, index) => (
                  <td key={index} className="px-3 py-2 whitespace-nowrap text-slate-800">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Form method="post" className="mt-6 grid gap-6">
        <input type="hidden" name="intent" value="check" />
        <input type="hidden" name="id" value={current.id} />
        {mappingError ? <Notice tone="error">{mappingError}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {IMPORT_FIELDS.map((field) => (
            <Field key={field} id={`map-${field}`} label={t(`members.import.mapping.fields.${field}`)}>
              {(props) => (
                <select {...props} name={`map.${field}`} defaultValue={current.mapping[field] ?? ""} className={inputClasses}>
                  <option value="">{t("members.import.mapping.none")}</option>
                  {current.headers.map((header, index) => (
                    <option key={index} value={index}>
                      {headerLabel(header, index)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t("members.import.options.title")}</legend>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-slate-900">{t("members.import.options.duplicates")}</legend>
            {(["merge", "skip"] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-start gap-3 text-slate-800">
                <input
                  type="radio"
                  name="duplicates"
                  value={choice}
                  defaultChecked={options.duplicates === choice}
                  className="mt-1 h-5 w-5 shrink-0"
                />
                <span>{t(`members.import.options.${choice}`)}</span>
              </label>
            ))}
          </fieldset>
          <Field id="import-language" label={t("members.import.options.defaultLanguage")}>
            {(props) => (
              <select {...props} name="defaultLanguage" defaultValue={options.defaultLanguage} className={`${inputClasses} sm:max-w-xs`}>
                <option value="en">{t("members.languages.en")}</option>
                <option value="es">{t("members.languages.es")}</option>
              </select>
            )}
          </Field>
          <div className="grid gap-1">
            <label className="flex min-h-11 items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                name="invite"
                value="yes"
                defaultChecked={options.invite}
                aria-describedby="import-invite-hint"
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>{t("members.import.options.invite")}</span>
            </label>
            <p id="import-invite-hint" className="text-sm text-slate-600 sm:pl-8">
              {t("members.import.options.inviteHint")}
            </p>
          </div>
        </fieldset>

        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("members.import.check")}
            </button>
          </div>
          <p className="text-sm text-slate-600">{t("members.import.checkHint")}</p>
        </div>
      </Form>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="id" value={current.id} />
        <button type="submit" className={adminButton.secondary} disabled={busy}>
          {t("members.import.discard")}
        </button>
      </Form>
    </AdminCard>
  );
}

function problemText(t: AdminT, problem: NonNullable<ImportView["report"]>["problems"][number]): string {
  return t(`members.import.problems.${problem.code}`, { value: problem.value ?? "", row: problem.otherRow ?? "" });
}

function ReportCard({ current, t }: { current: ImportView; t: AdminT }) {
  const report = current.report!;
  const busy = useNavigation().state === "submitting";
  const merge = current.options?.duplicates !== "skip";
  const toImport = report.toCreate + (merge ? report.matched : 0);
  const figures: Array<[string, number]> = [
    [t("members.import.report.rows"), report.rows],
    [t("members.import.report.toCreate"), report.toCreate],
    [merge ? t("members.import.report.matchedMerge") : t("members.import.report.matchedSkip"), report.matched],
    [t("members.import.report.failed"), report.failed],
  ];
  if (current.options?.invite) figures.push([t("members.import.report.unsubscribed"), report.unsubscribed]);
  return (
    <AdminCard title={t("members.import.report.title")} id="import-report">
      <p className="text-slate-700">{t("members.import.report.note")}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t("members.import.report.problemsTitle")}</h3>
      {report.problems.length === 0 ? (
        <p className="text-slate-700">{t("members.import.report.problemsNone")}</p>
      ) : (
        <>
          <AdminTable
            label={t("members.import.report.problemsLabel")}
            minWidthClass="min-w-[20rem]"
            columns={[t("members.import.report.row"), t("members.import.report.problem")]}
          >
            {report.problems.map((problem, index) => (
              <tr key={index} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 font-semibold">{problem.row}</td>
                <td className="py-2 wrap-anywhere">{problemText(t, problem)}</td>
              </tr>
            ))}
          </AdminTable>
          {report.problemCount > report.problems.length ? (
            <p className="mt-2 text-sm text-slate-700">
              {t("members.import.report.moreProblems", { count: report.problemCount - report.problems.length })}
            </p>
          ) : null}
        </>
      )}

      {report.matches.length > 0 ? (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t("members.import.report.matchesTitle")}</h3>
          <AdminTable
            label={t("members.import.report.matchesLabel")}
            minWidthClass="min-w-[28rem]"
            columns={[t("members.import.report.row"), t("members.import.report.person"), t("members.import.report.existing"), ""]}
          >
            {report.matches.map((match) => (
              <tr key={match.row} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 font-semibold">{match.row}</td>
                <td className="py-2 pr-3 wrap-anywhere">{match.name}</td>
                <td className="py-2 pr-3 wrap-anywhere">{match.existing}</td>
                <td className="py-2">{t(`members.import.report.by.${match.by}`)}</td>
              </tr>
            ))}
          </AdminTable>
          {report.matched > report.matches.length ? (
            <p className="mt-2 text-sm text-slate-700">
              {t("members.import.report.moreMatches", { count: report.matched - report.matches.length })}
            </p>
          ) : null}
        </>
      ) : null}

      <div className="mt-6 grid gap-2 border-t border-slate-200 pt-4">
        {toImport > 0 ? (
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="id" value={current.id} />
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("members.import.report.start", { count: toImport })}
            </button>
          </Form>
        ) : (
          <p className="text-slate-700">{t("members.import.report.nothing")}</p>
        )}
        <p className="text-sm text-slate-600">{t("members.import.report.startHint")}</p>
      </div>
    </AdminCard>
  );
}

function ProgressCard({ current, t }: { current: ImportView; t: AdminT }) {
  const revalidator = useRevalidator();
  const running = current.status === "running" && !current.stalled;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const total = current.rowCount;
  const done = Math.min(current.nextRow, total);
  const busy = useNavigation().state === "submitting";
  return (
    <AdminCard title={t("members.import.progress.title")} id="import-progress">
      <FileInfo current={current} t={t} />
      <label htmlFor="import-progress-bar" className="mt-4 block text-sm font-semibold text-slate-900">
        {t("members.import.progress.label")}
      </label>
      <progress id="import-progress-bar" max={total} value={done} className="mt-2 h-4 w-full accent-brand-700">
        {t("members.import.progress.done", { done, total })}
      </progress>
      <p className="mt-2 text-slate-800" role="status">
        {t("members.import.progress.done", { done, total })}
      </p>
      {current.status === "paused" || current.stalled ? (
        <div className="mt-4 grid gap-3">
          <Notice tone="error">
            {current.stalled ? t("members.import.progress.stalled") : t("members.import.progress.paused", { row: done + 1 })}
          </Notice>
          <Form method="post">
            <input type="hidden" name="intent" value="resume" />
            <input type="hidden" name="id" value={current.id} />
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("members.import.progress.resume")}
            </button>
          </Form>
        </div>
      ) : (
        <div className="mt-4 grid gap-2">
          <p className="text-sm text-slate-600">{t("members.import.progress.working")}</p>
          <Link to={`/admin/members/import?id=${current.id}`} className={`${adminButton.secondary} w-fit`}>
            {t("members.import.progress.refresh")}
          </Link>
        </div>
      )}
      <Counts current={current} t={t} />
    </AdminCard>
  );
}

function Counts({ current, t }: { current: ImportView; t: AdminT }) {
  const counts = current.counts ?? { created: 0, merged: 0, skipped: 0, failed: 0, invited: 0 };
  const figures: Array<[string, number]> = [
    [t("members.import.summary.created"), counts.created],
    [t("members.import.summary.merged"), counts.merged],
    [t("members.import.summary.skipped"), counts.skipped],
    [t("members.import.summary.failed"), counts.failed],
  ];
  if (current.options?.invite) figures.push([t("members.import.summary.invited"), counts.invited]);
  return (
    <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-2xl font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SummaryCard({ current, t }: { current: ImportView; t: AdminT }) {
  return (
    <AdminCard title={t("members.import.summary.title")} id="import-summary">
      <FileInfo current={current} t={t} />
      <Counts current={current} t={t} />
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to="/admin/members" className={adminButton.primary}>
          {t("members.import.summary.viewMembers")}
        </Link>
        <Link to="/admin/members/import" className={adminButton.secondary}>
          {t("members.import.summary.another")}
        </Link>
      </div>
    </AdminCard>
  );
}
