import type { Route } from "./+types/data-export";
import { downloadMemberData } from "~/features/privacy/download-member-data.server";

/** GET /settings/my-data.json: the member's data download (features/privacy). */
export async function loader({ request }: Route.LoaderArgs) {
  return downloadMemberData({ request });
}
