import { redirect } from "react-router";
import { runChatAction } from "~/features/live/run-chat-action.server";

/** POST /watch/chat: post a message; moderators delete, mute and unmute. Answers JSON. */
export async function action({ request }: { request: Request }) {
  const outcome = await runChatAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  // A form posted without JavaScript (a page navigation): back to the page, which shows the chat.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect("/watch", { status: 303, headers });
  return Response.json(outcome.data, { status: outcome.status, headers });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
