import { getRequestContext } from "~/server/request-context.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";

/** Header and footer facts for every public page (blank ones on an install not yet set up). */
export async function loadSiteShell({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const church = await getChurchProfile({ db, language });
  return { church };
}
