import { data, Link } from "react-router";
import type { Route } from "./+types/volunteers";
import { adminButton, AdminCard, AdminPage, AdminTable, Notice } from "~/components/admin/admin-ui";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { listOpportunities } from "~/features/volunteers/admin/list-opportunities.server";
import { useVolunteersAdminTranslation } from "~/features/volunteers/volunteers-admin-translation";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const opportunities = await listOpportunities({ db, language });
  const deleted = url.searchParams.has("deleted");
  return data({ title: adminTranslator(language)("sections.volunteers"), opportunities, deleted }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badge = {
  on: "border-emerald-400 bg-emerald-50 text-emerald-900",
  off: "border-slate-400 bg-slate-100 text-slate-900",
} as const;

/** /admin/volunteers: the ministries that take volunteers, in their order, with sign-up counts. */
export default function AdminVolunteers({ loaderData }: Route.ComponentProps) {
  const { t } = useVolunteersAdminTranslation();
  const { opportunities, title, deleted } = loaderData;
  return (
    <AdminPage
      title={title}
      intro={t("admin.intro")}
      actions={
        <>
          <Link to="/admin/inbox/signups?status=all&kind=volunteer" className={adminButton.secondary}>
            {t("admin.inbox")}
          </Link>
          <Link to="/admin/volunteers/new" className={adminButton.primary}>
            {t("admin.newMinistry")}
          </Link>
        </>
      }
    >
      {deleted ? <Notice tone="success">{t("admin.messages.deleted")}</Notice> : null}
      <AdminCard>
        {opportunities.length === 0 ? (
          <p className="text-slate-700">{t("admin.none")}</p>
        ) : (
          <AdminTable
            label={t("admin.tableLabel")}
            minWidthClass="min-w-[30rem]"
            columns={[t("admin.columns.title"), t("admin.columns.active"), t("admin.columns.signups"), t("admin.columns.sortOrder")]}
          >
            {opportunities.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-3 pr-3 font-normal">
                  <Link
                    to={`/admin/volunteers/${row.id}`}
                    className="font-semibold break-words text-brand-800 underline underline-offset-2"
                  >
                    {row.title}
                  </Link>
                </th>
                <td className="py-3 pr-3">
                  <span
                    className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${row.active ? badge.on : badge.off}`}
                  >
                    {row.active ? t("admin.activeYes") : t("admin.activeNo")}
                  </span>
                </td>
                <td className="py-3 pr-3">{row.signups}</td>
                <td className="py-3">{row.sortOrder}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>
    </AdminPage>
  );
}
