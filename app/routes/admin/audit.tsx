import { data, Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses } from "~/components/admin/admin-ui";
import { adminTranslator, auditActionLabel, auditActorLabel, useAdminTranslation } from "~/platform/admin/admin-translation";
import { parseAuditFilters, parseAuditView, parseSignInFilters } from "~/features/admin/audit/audit-filters";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { loadAuditLog } from "~/features/admin/audit/load-audit-log.server";
import { loadSignInAttempts } from "~/features/admin/audit/load-sign-in-attempts.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "admin:*");
  const view = parseAuditView(url);
  const title = adminTranslator(language)("sections.audit");
  const timeZone = await churchTimeZone(db);
  if (view === "sign-ins") {
    const filters = parseSignInFilters(url);
    const result = await loadSignInAttempts({ db, filters });
    return data({ title, timeZone, view, signIns: { filters, ...result }, changes: null }, { headers: NO_STORE });
  }
  const filters = parseAuditFilters(url);
  const result = await loadAuditLog({ db, filters, timeZone });
  return data({ title, timeZone, view, changes: { filters, ...result }, signIns: null }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const tableClasses = "w-full min-w-[40rem] border-collapse text-left text-sm";
const cellClasses = "border-b border-slate-200 px-2 py-2 align-top";
const headClasses = "border-b border-slate-300 px-2 py-2 font-semibold text-slate-700";

/** The same filters on another page. */
function pageHref(filters: Record<string, string | number | undefined>, page: number, view: string): string {
  const params = new URLSearchParams();
  if (view === "sign-ins") params.set("view", view);
  for (const [key, value] of Object.entries(filters)) {
    if (key !== "page" && value !== undefined && value !== "") params.set(key, String(value));
  }
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : "/admin/audit";
}

function Pagination({
  filters,
  page,
  hasNext,
  view,
}: {
  filters: Record<string, string | number | undefined>;
  page: number;
  hasNext: boolean;
  view: string;
}) {
  const { t } = useAdminTranslation();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t("audit.pagination.label")} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={pageHref(filters, page - 1, view)} className={adminButton.secondary}>
          <span aria-hidden="true">←</span> {t("audit.pagination.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-slate-700" aria-current="page">
        {t("audit.pagination.page", { page })}
      </span>
      {hasNext ? (
        <Link to={pageHref(filters, page + 1, view)} className={adminButton.secondary}>
          {t("audit.pagination.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { view, timeZone, changes, signIns } = loaderData;
  const tabClass = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-t-lg border-b-4 px-4 py-2 text-sm font-semibold ${active ? "border-brand-700 text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"}`;

  return (
    <AdminPage title={t("sections.audit")} intro={t("audit.intro")}>
      <nav aria-label={t("audit.tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200">
        <Link to="/admin/audit" className={tabClass(view === "changes")} aria-current={view === "changes" ? "page" : undefined}>
          {t("audit.tabs.changes")}
        </Link>
        <Link
          to="/admin/audit?view=sign-ins"
          className={tabClass(view === "sign-ins")}
          aria-current={view === "sign-ins" ? "page" : undefined}
        >
          {t("audit.tabs.signIns")}
        </Link>
      </nav>

      {changes ? (
        <>
          <AdminCard id="audit-filters" title={t("audit.filters.title")}>
            <Form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" key={JSON.stringify(changes.filters)}>
              <Field id="audit-actor" label={t("audit.filters.actor")}>
                {(props) => (
                  <input {...props} name="actor" defaultValue={changes.filters.actor ?? ""} className={inputClasses} maxLength={100} />
                )}
              </Field>
              <Field id="audit-action" label={t("audit.filters.action")} hint={t("audit.filters.actionHint")}>
                {(props) => (
                  <input {...props} name="action" defaultValue={changes.filters.action ?? ""} className={inputClasses} maxLength={100} />
                )}
              </Field>
              <Field id="audit-entity-type" label={t("audit.filters.entityType")}>
                {(props) => (
                  <input
                    {...props}
                    name="entityType"
                    defaultValue={changes.filters.entityType ?? ""}
                    className={inputClasses}
                    maxLength={100}
                  />
                )}
              </Field>
              <Field id="audit-entity-id" label={t("audit.filters.entityId")}>
                {(props) => (
                  <input
                    {...props}
                    name="entityId"
                    defaultValue={changes.filters.entityId ?? ""}
                    className={inputClasses}
                    maxLength={200}
                  />
                )}
              </Field>
              <Field id="audit-from" label={t("audit.filters.from")} hint={t("audit.filters.dateHint", { zone: timeZone })}>
                {(props) => <input {...props} type="date" name="from" defaultValue={changes.filters.from ?? ""} className={inputClasses} />}
              </Field>
              <Field id="audit-to" label={t("audit.filters.to")}>
                {(props) => <input {...props} type="date" name="to" defaultValue={changes.filters.to ?? ""} className={inputClasses} />}
              </Field>
              <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
                <button type="submit" className={adminButton.primary}>
                  {t("audit.filters.apply")}
                </button>
                <Link to="/admin/audit" className={adminButton.secondary}>
                  {t("audit.filters.clear")}
                </Link>
              </div>
            </Form>
          </AdminCard>

          <AdminCard>
            {changes.entries.length === 0 ? (
              <p className="text-sm text-slate-700">{t("audit.changes.none")}</p>
            ) : (
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("audit.changes.region")}>
                <table className={tableClasses}>
                  <thead>
                    <tr>
                      <th scope="col" className={headClasses}>
                        {t("audit.changes.time")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.changes.actor")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.changes.action")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.changes.entity")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.changes.change")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className={`${cellClasses} whitespace-nowrap`}>{formatDateTime(entry.createdAt, language, timeZone)}</td>
                        <td className={cellClasses}>
                          <div className="font-semibold text-slate-900">{auditActorLabel(language, entry.actorName)}</div>
                          {entry.ipAddress ? <div className="text-slate-600">{t("audit.changes.ip", { ip: entry.ipAddress })}</div> : null}
                        </td>
                        <td className={cellClasses}>
                          <div className="text-slate-900">{auditActionLabel(language, entry.action)}</div>
                          <code className="break-all text-xs text-slate-600">{entry.action}</code>
                        </td>
                        <td className={cellClasses}>
                          <div>{entry.entityType}</div>
                          {entry.entityId ? <code className="break-all text-slate-600">{entry.entityId}</code> : null}
                        </td>
                        <td className={cellClasses}>
                          {entry.changes.length === 0 ? (
                            <span className="text-slate-600">{t("audit.changes.noChanges")}</span>
                          ) : (
                            <dl className="grid gap-2">
                              {entry.changes.map((change) => (
                                <div key={change.key} className="grid gap-1">
                                  <dt className="font-semibold text-slate-900">{change.key}</dt>
                                  <dd className="grid gap-1 sm:grid-cols-2">
                                    <div>
                                      <span className="text-xs font-semibold uppercase text-slate-600">{t("audit.changes.before")}</span>
                                      <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all rounded bg-red-50 p-1 text-xs text-red-950">
                                        {change.before ?? t("audit.changes.empty")}
                                      </pre>
                                    </div>
                                    <div>
                                      <span className="text-xs font-semibold uppercase text-slate-600">{t("audit.changes.after")}</span>
                                      <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all rounded bg-emerald-50 p-1 text-xs text-emerald-950">
                                        {change.after ?? t("audit.changes.empty")}
                                      </pre>
                                    </div>
                                  </dd>
                                </div>
                              ))}
                            </dl>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination filters={changes.filters} page={changes.page} hasNext={changes.hasNext} view={view} />
          </AdminCard>
        </>
      ) : null}

      {signIns ? (
        <>
          <AdminCard id="sign-in-filters" title={t("audit.filters.title")}>
            <Form method="get" className="grid gap-4 sm:grid-cols-2" key={JSON.stringify(signIns.filters)}>
              <input type="hidden" name="view" value="sign-ins" />
              <Field id="sign-in-email" label={t("audit.filters.email")}>
                {(props) => (
                  <input
                    {...props}
                    name="email"
                    type="search"
                    defaultValue={signIns.filters.email ?? ""}
                    className={inputClasses}
                    maxLength={200}
                  />
                )}
              </Field>
              <Field id="sign-in-result" label={t("audit.filters.result")}>
                {(props) => (
                  <select {...props} name="result" defaultValue={signIns.filters.result ?? ""} className={inputClasses}>
                    <option value="">{t("audit.filters.any")}</option>
                    <option value="success">{t("audit.filters.success")}</option>
                    <option value="failure">{t("audit.filters.failure")}</option>
                  </select>
                )}
              </Field>
              <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
                <button type="submit" className={adminButton.primary}>
                  {t("audit.filters.apply")}
                </button>
                <Link to="/admin/audit?view=sign-ins" className={adminButton.secondary}>
                  {t("audit.filters.clear")}
                </Link>
              </div>
            </Form>
          </AdminCard>

          <AdminCard>
            {signIns.attempts.length === 0 ? (
              <p className="text-sm text-slate-700">{t("audit.signIns.none")}</p>
            ) : (
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("audit.signIns.region")}>
                <table className={tableClasses}>
                  <thead>
                    <tr>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.time")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.email")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.result")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.method")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.ip")}
                      </th>
                      <th scope="col" className={headClasses}>
                        {t("audit.signIns.device")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {signIns.attempts.map((attempt) => (
                      <tr key={attempt.id}>
                        <td className={`${cellClasses} whitespace-nowrap`}>{formatDateTime(attempt.createdAt, language, timeZone)}</td>
                        <td className={`${cellClasses} break-all`}>{attempt.email}</td>
                        <td className={cellClasses}>
                          {attempt.success ? (
                            <span className="font-semibold text-emerald-800">
                              <span aria-hidden="true">✓ </span>
                              {t("audit.signIns.success")}
                            </span>
                          ) : (
                            <>
                              <span className="font-semibold text-red-800">
                                <span aria-hidden="true">✕ </span>
                                {t("audit.signIns.failure")}
                              </span>
                              {attempt.failureReason ? (
                                <div className="text-slate-700">{t("audit.signIns.reason", { reason: attempt.failureReason })}</div>
                              ) : null}
                            </>
                          )}
                        </td>
                        <td className={cellClasses}>{attempt.method}</td>
                        <td className={`${cellClasses} break-all`}>{attempt.ipAddress ?? "—"}</td>
                        <td className={cellClasses}>
                          {attempt.device
                            ? t("audit.signIns.deviceValue", { browser: attempt.device.browser, os: attempt.device.os })
                            : t("audit.signIns.unknownDevice")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination filters={signIns.filters} page={signIns.page} hasNext={signIns.hasNext} view={view} />
          </AdminCard>
        </>
      ) : null}
    </AdminPage>
  );
}
