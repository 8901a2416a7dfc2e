import type { Route } from "./+types/gifts-export";
import { exportGiftsCsv } from "~/features/giving/admin/export-gifts-csv.server";
import { readGivingFilters } from "~/features/giving/admin/giving-filters";
import { requireAdmin } from "~/platform/admin/require-admin.server";

/** /admin/giving/gifts.csv: a resource route, so the CSV reaches the browser as a download. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "giving");
  return exportGiftsCsv({ db, actor: admin, ip, language, filters: readGivingFilters(url) });
}
