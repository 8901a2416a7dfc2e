import type { Route } from "./+types/event-registrations-export";
import { exportRegistrationsCsv } from "~/features/events/admin/export-registrations-csv.server";
import { readEventId, readOccurrence } from "~/features/events/admin/registrations-input";
import { requireAdmin } from "~/platform/admin/require-admin.server";

/** /admin/event-registrations/:eventId/export.csv: a resource route, so the CSV reaches the browser as a download. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, admin, ip, language } = await requireAdmin(request, "registrations");
  const eventId = readEventId(params.eventId ?? url.pathname.split("/").at(-2));
  return exportRegistrationsCsv({
    db,
    actor: admin,
    ip,
    language,
    eventId,
    occurrence: readOccurrence(url.searchParams.get("occurrence")),
  });
}
