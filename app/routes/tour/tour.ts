import { runTourAction, runTourLoader, type TourOutcome } from "~/features/tour/tour-status.server";

function answer(outcome: TourOutcome) {
  const headers = new Headers();
  for (const cookie of outcome.headers?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const retry = outcome.headers?.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  const allow = outcome.headers?.get("Allow");
  if (allow) headers.set("Allow", allow);
  headers.set("Cache-Control", "no-store");
  return Response.json(outcome.data, { status: outcome.status, headers });
}

/** GET /tour: the signed-in member's guided-tour status (JSON; 401 when signed out). */
export async function loader({ request }: { request: Request }) {
  return answer(await runTourLoader({ request }));
}

/** POST /tour, `intent=complete`: saves that the member finished or skipped the tour (JSON). */
export async function action({ request }: { request: Request }) {
  return answer(await runTourAction({ request }));
}
