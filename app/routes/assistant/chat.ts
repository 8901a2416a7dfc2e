import type { Route } from "./+types/chat";
import { handleAssistantChat } from "~/features/assistant/chat-action.server";

/** POST /assistant/chat: the church assistant's answers, streamed as NDJSON (see the feature). */
export async function action({ request }: Route.ActionArgs) {
  return handleAssistantChat({ request });
}

export function loader() {
  return new Response(JSON.stringify({ error: "Method Not Allowed" }), {
    status: 405,
    headers: { allow: "POST", "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
