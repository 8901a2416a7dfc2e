import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/health";
import { AdminCard, AdminPage, adminButton, formatDateTime, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessage, type AdminT } from "~/platform/admin/admin-translation";
import { loadSystemHealth, type HealthState } from "~/features/admin/health/load-system-health.server";
import { retryFailedSends } from "~/features/admin/health/retry-failed-sends.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getEnv } from "~/server/env.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "health");
  const health = await loadSystemHealth({ db, env: getEnv() });
  return data({ title: adminTranslator(language)("sections.health"), health }, { headers: NO_STORE });
}

const ZHealthAction = z.object({ intent: z.literal("retry-failed") });

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "health");
  const parsed = ZHealthAction.safeParse(await readInput(request));
  if (!parsed.success) {
    const message: AdminMessage = { key: "health.invalid" };
    return data({ ok: false as const, message }, { status: 400, headers: NO_STORE });
  }
  const { count } = await retryFailedSends({ db, actor: admin, ipAddress: ip });
  const message: AdminMessage = count > 0 ? { key: "health.outbox.retried", values: { count } } : { key: "health.outbox.retriedNone" };
  return data({ ok: true as const, count, message }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const stateStyles: Record<HealthState, string> = {
  ok: "border-emerald-700 bg-emerald-50 text-emerald-900",
  warning: "border-amber-700 bg-amber-50 text-amber-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-slate-500 bg-slate-50 text-slate-800",
};
const stateIcons: Record<HealthState, string> = { ok: "✓", warning: "!", error: "✕", info: "i" };

function StateBadge({ state, t }: { state: HealthState; t: AdminT }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-semibold ${stateStyles[state]}`}>
      <span aria-hidden="true">{stateIcons[state]}</span>
      {t(`health.state.${state}`)}
    </span>
  );
}

function HealthCard({ id, title, state, t, children }: { id: string; title: string; state: HealthState; t: AdminT; children: ReactNode }) {
  return (
    <AdminCard id={id}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <StateBadge state={state} t={t} />
      </div>
      {children}
    </AdminCard>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function formatDuration(seconds: number, t: AdminT): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("health.duration.days", { days, hours });
  if (hours > 0) return t("health.duration.hours", { hours, minutes });
  if (minutes > 0) return t("health.duration.minutes", { minutes });
  return t("health.duration.seconds", { count: seconds });
}

const tableClasses = "w-full min-w-[32rem] border-collapse text-left text-sm";
const cellClasses = "border-b border-slate-200 px-2 py-2 align-top";
const headClasses = "border-b border-slate-300 px-2 py-2 font-semibold text-slate-700";

export default function AdminHealth({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const navigation = useNavigation();
  const { health } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "retry-failed";
  const { database, migrations, outbox, providers, process: server, errors } = health;

  return (
    <AdminPage
      title={t("sections.health")}
      intro={
        <>
          {t("health.intro")}{" "}
          <span className="text-slate-600">{t("health.checkedAt", { time: formatDateTime(health.checkedAt, language) })}</span>
        </>
      }
      actions={
        <Form method="get" replace>
          <button type="submit" className={adminButton.secondary}>
            {t("health.refresh")}
          </button>
        </Form>
      }
    >
      {actionData?.message ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{t(actionData.message.key, actionData.message.values)}</Notice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <HealthCard id="health-database" title={t("health.database.title")} state={database.state} t={t}>
          {database.latencyMs === null ? <p className="mb-3 text-sm font-medium text-red-800">{t("health.database.unreachable")}</p> : null}
          <Facts
            items={[
              [t("health.database.kind"), t(`health.database.${database.kind}`)],
              [
                t("health.database.latency"),
                database.latencyMs === null ? "—" : t("health.database.latencyValue", { ms: database.latencyMs }),
              ],
            ]}
          />
        </HealthCard>

        <HealthCard id="health-migrations" title={t("health.migrations.title")} state={migrations.state} t={t}>
          <p className="mb-3 text-sm font-semibold text-slate-900">
            {migrations.pending === 0 ? t("health.migrations.upToDate") : t("health.migrations.pending", { count: migrations.pending })}
          </p>
          {migrations.pending > 0 ? <p className="mb-3 text-sm text-slate-700">{t("health.migrations.pendingHelp")}</p> : null}
          <Facts
            items={[
              [t("health.migrations.latestApplied"), <code key="a">{migrations.latestApplied ?? t("health.migrations.none")}</code>],
              [t("health.migrations.latestAvailable"), <code key="b">{migrations.latestAvailable ?? t("health.migrations.none")}</code>],
            ]}
          />
        </HealthCard>

        <HealthCard id="health-process" title={t("health.process.title")} state="ok" t={t}>
          <Facts
            items={[
              [t("health.process.uptime"), formatDuration(server.uptimeSeconds, t)],
              [t("health.process.version"), server.appVersion],
              [t("health.process.node"), server.nodeVersion],
              [t("health.process.memory"), t("health.process.memoryValue", { mb: Math.round(server.rssBytes / 1024 / 1024) })],
              [t("health.process.environment"), server.environment],
            ]}
          />
        </HealthCard>

        <AdminCard id="health-providers" title={t("health.providers.title")}>
          <ul className="grid gap-3 text-sm">
            {providers.map((provider) => (
              <li key={provider.id} className="grid gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{t(`health.providers.${provider.id}`)}</span>
                  <StateBadge state={provider.state} t={t} />
                </div>
                <p className="text-slate-700">{t(`health.providers.mode.${provider.mode}`)}</p>
              </li>
            ))}
          </ul>
        </AdminCard>
      </div>

      <HealthCard id="health-outbox" title={t("health.outbox.title")} state={outbox.state} t={t}>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("health.outbox.countsRegion")}>
          <table className={tableClasses}>
            <thead>
              <tr>
                <th scope="col" className={headClasses}>
                  {t("health.outbox.channel")}
                </th>
                <th scope="col" className={headClasses}>
                  {t("health.outbox.pending")}
                </th>
                <th scope="col" className={headClasses}>
                  {t("health.outbox.sending")}
                </th>
                <th scope="col" className={headClasses}>
                  {t("health.outbox.failed")}
                </th>
              </tr>
            </thead>
            <tbody>
              {outbox.channels.map((row) => (
                <tr key={row.channel}>
                  <th scope="row" className={`${cellClasses} font-semibold`}>
                    {t(`health.outbox.${row.channel}`)}
                  </th>
                  <td className={cellClasses}>{row.pending}</td>
                  <td className={cellClasses}>{row.sending}</td>
                  <td className={cellClasses}>{row.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4">
          <Facts
            items={[
              [
                t("health.outbox.oldestPending"),
                outbox.oldestPendingSeconds === null ? t("health.outbox.oldestNone") : formatDuration(outbox.oldestPendingSeconds, t),
              ],
            ]}
          />
        </div>

        <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t("health.outbox.failedTitle")}</h3>
        {outbox.failed.length === 0 ? (
          <p className="text-sm text-slate-700">{t("health.outbox.failedNone")}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("health.outbox.failedRegion")}>
            <table className={tableClasses}>
              <thead>
                <tr>
                  <th scope="col" className={headClasses}>
                    {t("health.outbox.created")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.outbox.channel")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.outbox.recipient")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.outbox.attempts")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.outbox.error")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {outbox.failed.map((row) => (
                  <tr key={row.id}>
                    <td className={`${cellClasses} whitespace-nowrap`}>{formatDateTime(row.createdAt, language)}</td>
                    <td className={cellClasses}>{t(`health.outbox.${row.channel}`)}</td>
                    <td className={`${cellClasses} break-all`}>{row.recipient}</td>
                    <td className={cellClasses}>{row.attempts}</td>
                    <td className={`${cellClasses} break-words`}>{row.lastError ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {outbox.totals.failed > 0 ? (
          <Form method="post" className="mt-4 grid gap-2">
            <p id="retry-help" className="text-sm text-slate-700">
              {t("health.outbox.retryHelp")}
            </p>
            <div>
              <button
                type="submit"
                name="intent"
                value="retry-failed"
                className={adminButton.primary}
                disabled={busy}
                aria-describedby="retry-help"
              >
                {t("health.outbox.retry")}
              </button>
            </div>
          </Form>
        ) : null}
      </HealthCard>

      <HealthCard id="health-errors" title={t("health.errors.title")} state={errors.state} t={t}>
        <p className="mb-3 text-sm text-slate-700">{t("health.errors.help")}</p>
        {errors.recent.length === 0 ? (
          <p className="text-sm text-slate-700">{t("health.errors.none")}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("health.errors.region")}>
            <table className={tableClasses}>
              <thead>
                <tr>
                  <th scope="col" className={headClasses}>
                    {t("health.errors.time")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.errors.level")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.errors.message")}
                  </th>
                  <th scope="col" className={headClasses}>
                    {t("health.errors.code")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {errors.recent.map((entry, index) => (
                  <tr key={`${entry.time}-${index}`}>
                    <td className={`${cellClasses} whitespace-nowrap`}>{formatDateTime(entry.time, language)}</td>
                    <td className={cellClasses}>{entry.level}</td>
                    <td className={`${cellClasses} break-words`}>{entry.message || "—"}</td>
                    <td className={cellClasses}>{entry.code ? <code>{entry.code}</code> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </HealthCard>
    </AdminPage>
  );
}
