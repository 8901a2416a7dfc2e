import { data, Link } from "react-router";
import type { Route } from "./+types/groups";
import { adminButton, AdminCard, AdminPage, AdminTable } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation } from "~/platform/admin/admin-translation";
import { listGroups } from "~/features/groups/admin/list-groups.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { useGroupsAdminTranslation } from "~/features/groups/groups-admin-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "groups");
  const groups = await listGroups({ db, language });
  return data({ title: adminTranslator(language)("sections.groups"), groups }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badgeBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function AdminGroups({ loaderData }: Route.ComponentProps) {
  const { t: adminT } = useAdminTranslation();
  const { t } = useGroupsAdminTranslation();
  const { groups } = loaderData;
  return (
    <AdminPage
      title={adminT("sections.groups")}
      intro={t("admin.intro")}
      actions={
        <Link to="/admin/groups/new" className={adminButton.primary}>
          {t("admin.newGroup")}
        </Link>
      }
    >
      <AdminCard id="groups-list" title={t("admin.list.heading")}>
        {groups.length === 0 ? (
          <p className="text-slate-700">{t("admin.list.none")}</p>
        ) : (
          <AdminTable
            label={t("admin.list.tableLabel")}
            minWidthClass="min-w-[40rem]"
            columns={[
              t("admin.list.name"),
              t("admin.list.schedule"),
              t("admin.list.status"),
              t("admin.list.members"),
              t("admin.list.pending"),
            ]}
          >
            {groups.map((g) => (
              <tr key={g.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-3 pr-3 font-normal">
                  <Link to={`/admin/groups/${g.id}`} className={linkClasses} aria-label={t("admin.list.edit", { name: g.name })}>
                    {g.name}
                  </Link>
                  {g.leaders.length > 0 ? <span className="mt-1 block text-slate-700">{g.leaders.join(", ")}</span> : null}
                </th>
                <td className="py-3 pr-3">{g.schedule}</td>
                <td className="py-3 pr-3">
                  <span className="flex flex-wrap gap-2">
                    <span
                      className={`${badgeBase} ${g.status === "active" ? "border-emerald-400 bg-emerald-50 text-emerald-900" : "border-slate-400 bg-slate-100 text-slate-900"}`}
                    >
                      {t(`admin.statuses.${g.status}`)}
                    </span>
                    {!g.isOpen ? (
                      <span className={`${badgeBase} border-amber-400 bg-amber-50 text-amber-900`}>{t("admin.list.closed")}</span>
                    ) : null}
                    {g.capacity != null && g.members >= g.capacity ? (
                      <span className={`${badgeBase} border-red-400 bg-red-50 text-red-900`}>{t("admin.list.full")}</span>
                    ) : null}
                  </span>
                </td>
                <td className="py-3 pr-3 whitespace-nowrap">
                  {g.capacity == null ? g.members : t("admin.list.membersOf", { count: g.members, capacity: g.capacity })}
                </td>
                <td className="py-3 whitespace-nowrap">{g.pending > 0 ? <strong>{g.pending}</strong> : g.pending}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>
    </AdminPage>
  );
}
