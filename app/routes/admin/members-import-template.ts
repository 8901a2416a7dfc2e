import type { Route } from "./+types/members-import-template";
import { TEMPLATE_CSV } from "~/features/people/admin/import/import-formats";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";

/** /admin/members/import-template.csv: the generic template of the members import (README). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "members");
  return new Response(TEMPLATE_CSV, {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="members-import-template.csv"',
      "X-Content-Type-Options": "nosniff",
    },
  });
}
