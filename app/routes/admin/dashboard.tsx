import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminCard, AdminPage, formatDateTime } from "~/components/admin/admin-ui";
import { visibleSections, adminSectionHref } from "~/platform/admin/admin-sections";
import { adminTranslator, useAdminTranslation } from "~/platform/admin/admin-translation";
import { loadDashboard } from "~/features/admin/load-dashboard.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { useGivingAdminTranslation } from "~/features/giving/giving-admin-translation";
import { formatCents } from "~/features/payments/money";
import { useStoreAdminTranslation } from "~/features/store/store-admin-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language, admin } = await requireAdmin(request, null);
  const dashboard = await loadDashboard({ db, admin });
  return data(
    { ...dashboard, name: admin.name, scopes: admin.scopes, title: adminTranslator(language)("dashboard.title") },
    { headers: NO_STORE },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

function Stat({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
    </div>
  );
}

/** The giving card (scope giving): this month's and this year's net totals and active recurring gifts. */
function GivingCard({ giving }: { giving: { monthCents: number; yearCents: number; activeRecurring: number } }) {
  const { t, language } = useGivingAdminTranslation();
  return (
    <AdminCard title={t("admin.dashboard.card")} id="dashboard-giving">
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ["month", formatCents(giving.monthCents, language)],
            ["year", formatCents(giving.yearCents, language)],
            ["recurring", String(giving.activeRecurring)],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm font-medium text-slate-700">{t(`admin.dashboard.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <Link to="/admin/giving" className="font-semibold text-brand-800 underline underline-offset-4">
          {t("admin.dashboard.open")}
        </Link>
      </p>
    </AdminCard>
  );
}

/** The store card (scope store): orders paid or ready, waiting for staff. */
function StoreCard({ waiting }: { waiting: number }) {
  const { t } = useStoreAdminTranslation();
  return (
    <AdminCard title={t("admin.dashboard.card")} id="dashboard-store">
      <p className="text-sm font-medium text-slate-700">{t("admin.dashboard.waiting")}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{waiting}</p>
      <p className="mt-3">
        <Link to="/admin/store" className="font-semibold text-brand-800 underline underline-offset-4">
          {t("admin.dashboard.open")}
        </Link>
      </p>
    </AdminCard>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { people, upcomingEvents, upcomingRsvps, newSignups, mail, activity, signIns } = loaderData;
  const links = visibleSections(loaderData.scopes).filter((s) => s.id !== "dashboard");
  return (
    <AdminPage title={t("dashboard.title")} intro={t("dashboard.welcome", { name: loaderData.name })}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {people ? (
          <>
            <Stat
              label={t("dashboard.newMembers")}
              value={people.last30}
              detail={t("dashboard.comparedTo", { count: people.previous30 })}
            />
            <Stat label={t("dashboard.members")} value={people.total} />
          </>
        ) : null}
        {upcomingEvents !== null ? <Stat label={t("dashboard.upcomingEvents")} value={upcomingEvents} /> : null}
        {upcomingRsvps !== null ? <Stat label={t("dashboard.upcomingRsvps")} value={upcomingRsvps} /> : null}
        {newSignups !== null ? <Stat label={t("dashboard.newSignups")} value={newSignups} /> : null}
        {mail ? (
          <>
            <Stat label={t("dashboard.pendingMail")} value={mail.pending} />
            <Stat label={t("dashboard.failedMail")} value={mail.failed} />
          </>
        ) : null}
      </div>
      {loaderData.giving || loaderData.storeWaiting !== null ? (
        <div className="grid gap-6 xl:grid-cols-2">
          {loaderData.giving ? <GivingCard giving={loaderData.giving} /> : null}
          {loaderData.storeWaiting !== null ? <StoreCard waiting={loaderData.storeWaiting} /> : null}
        </div>
      ) : null}
      <p className="text-sm text-slate-700">{t("dashboard.inboxesLater")}</p>
      <div className="grid gap-6 xl:grid-cols-2">
        {activity ? (
          <AdminCard title={t("dashboard.recentActivity")} id="recent-activity">
            {activity.length === 0 ? (
              <p className="text-slate-700">{t("dashboard.noActivity")}</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {activity.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
                    <span>
                      <span className="font-semibold">{entry.actorName}</span> · <code className="text-slate-800">{entry.action}</code>
                      {entry.entityId ? <span className="text-slate-600"> · {entry.entityType}</span> : null}
                    </span>
                    <time dateTime={entry.createdAt} className="text-slate-600">
                      {formatDateTime(entry.createdAt, language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3">
              <Link to="/admin/audit" className="font-semibold text-brand-800 underline underline-offset-4">
                {t("dashboard.viewAudit")}
              </Link>
            </p>
          </AdminCard>
        ) : null}
        {signIns ? (
          <AdminCard title={t("dashboard.signIns")} id="recent-sign-ins">
            <ul className="grid gap-2 text-sm">
              {signIns.map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
                  <span className="break-all">
                    {entry.email} · {entry.success ? t("dashboard.success") : t("dashboard.failed", { reason: entry.failureReason ?? "" })}
                  </span>
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt, language)}
                  </time>
                </li>
              ))}
            </ul>
          </AdminCard>
        ) : null}
        <AdminCard title={t("dashboard.quickLinks")} id="quick-links">
          <ul className="grid gap-1 sm:grid-cols-2">
            {links.map((section) => (
              <li key={section.id}>
                <Link
                  to={adminSectionHref(section)}
                  className="flex min-h-11 items-center rounded px-2 font-medium text-brand-800 underline-offset-4 hover:underline"
                >
                  {t(`sections.${section.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </AdminCard>
      </div>
    </AdminPage>
  );
}
