import type { Route } from "./+types/members-export";
import { exportMembersCsv } from "~/features/people/admin/export-members-csv.server";
import { readMemberFilters } from "~/features/people/admin/members-input";
import { requireAdmin } from "~/platform/admin/require-admin.server";

/** /admin/members/export.csv: a resource route, so the CSV reaches the browser as a download. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "members");
  return exportMembersCsv({ db, actor: admin, ip, language, filters: readMemberFilters(url) });
}
