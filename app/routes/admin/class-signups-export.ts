import type { Route } from "./+types/class-signups-export";
import { exportClassSignupsCsv } from "~/features/membership/admin/export-class-signups-csv.server";
import { parseOfferingId } from "~/features/membership/admin/load-offering-editor.server";
import { requireAdmin } from "~/platform/admin/require-admin.server";

/** /admin/classes/:offeringId/signups.csv: a resource route, so the roster reaches the browser as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "inbox:signups");
  return exportClassSignupsCsv({ db, actor: admin, ip, language, offeringId: parseOfferingId(params.offeringId) });
}
