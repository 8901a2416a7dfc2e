import { data } from "react-router";
import { runAuthIntent } from "~/features/auth/run-auth-intent.server";
import { getRequestContext } from "~/server/request-context.server";

/** POST /auth (the dialog's fetchers and the no-JavaScript forms on /auth both post here). */
export async function authAction({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const result = await runAuthIntent({ db, request, language });
  return data(result.data, { status: result.status, headers: result.headers });
}
