import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminShell } from "~/components/admin/admin-shell";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PageLoadingIndicator } from "~/components/page-loading-indicator";
import { SkipLink } from "~/components/skip-link";
import { Toaster } from "~/components/ui/toaster";
import { visibleSections } from "~/platform/admin/admin-sections";
import { useAdminTranslation } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";

/** The guarded /admin layout: every child also checks its own scope (require-admin.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, language, admin, session } = await requireAdmin(request, null);
  const church = await getChurchProfile({ db, language });
  return data(
    {
      churchName: church?.name ?? "",
      admin: { name: admin.name, scopes: admin.scopes, roles: admin.roles },
      expiresAt: session.expiresAt.toISOString(),
    },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <SkipLink />
      <PageLoadingIndicator />
      <AdminShell
        t={t}
        churchName={loaderData.churchName}
        adminName={loaderData.admin.name}
        sections={visibleSections(loaderData.admin.scopes)}
      >
        <Breadcrumbs />
        <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </AdminShell>
      <Toaster closeLabel={t("portal.cancel")} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
