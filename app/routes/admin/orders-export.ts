import type { Route } from "./+types/orders-export";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { exportOrdersCsv } from "~/features/store/admin/export-orders-csv.server";
import { readOrderFilters } from "~/features/store/admin/store-filters";

/** /admin/store/orders.csv: a resource route, so the CSV reaches the browser as a download. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "store");
  return exportOrdersCsv({ db, actor: admin, ip, language, filters: readOrderFilters(url) });
}
