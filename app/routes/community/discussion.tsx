import { data, redirect } from "react-router";
import type { Route } from "./+types/discussion";
import { DiscussionThreadView } from "~/components/discussions/discussion-thread";
import { PageErrorBoundary } from "~/components/error-boundaries";
import type { DiscussionsActionData } from "~/features/discussions/discussion-views";
import { loadDiscussionThread } from "~/features/discussions/load-discussion-thread.server";
import { runDiscussionsPost } from "~/features/discussions/run-discussions-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  return loadDiscussionThread({ request, url, threadId: params.threadId });
}

/** Replies, reports and deleting one's own posts; a deleted thread goes back to /community. */
export async function action({ request, url }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const outcome = await runDiscussionsPost({ request, form: form ?? new FormData(), intent: typeof intent === "string" ? intent : "" });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  if (outcome.data.ok && intent === "discussions-delete" && form?.get("kind") === "thread") {
    const lang = url.searchParams.get("lang");
    throw redirect(`/community${lang === "es" ? "?lang=es" : ""}`, { status: 303, headers });
  }
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

export default function DiscussionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscussionThreadView data={loaderData} result={actionData as DiscussionsActionData | undefined} />;
}

export const ErrorBoundary = PageErrorBoundary;
