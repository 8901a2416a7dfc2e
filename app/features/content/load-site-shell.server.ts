import { data } from "react-router";
import { getRequestContext } from "~/server/request-context.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";

/** Header and footer facts for every public page. */
export async function loadSiteShell({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const church = await getChurchProfile({ db, language });
  if (!church) {
    throw data("The church profile has not been set up yet.", { status: 503 });
  }
  return { church };
}
