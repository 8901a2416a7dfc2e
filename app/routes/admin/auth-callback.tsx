import { redirect } from "react-router";
import type { Route } from "./+types/auth-callback";
import { completeAdminMagicLink } from "~/features/admin/admin-sign-in.server";
import { NO_STORE } from "~/platform/admin/require-admin.server";
import { getRequestContext } from "~/server/request-context.server";

/**
 * /admin/auth/callback?token=…: the admin magic link. It signs in to the site; the login
 * page then asks for the code (or sets up two-factor) before the portal opens.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = getRequestContext(request);
  const result = await completeAdminMagicLink({ db, request, token: url.searchParams.get("token") });
  const headers = new Headers(result.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  if (!result.ok) {
    return redirect(result.error.key === "login.errors.notAdmin" ? "/admin/login?error=not-admin" : "/admin/login?error=link", { headers });
  }
  return redirect("/admin/login", { headers });
}

export const headers: Route.HeadersFunction = () => NO_STORE;
