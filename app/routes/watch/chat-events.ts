import { streamChatEvents } from "~/features/live/stream-chat-events.server";

/** GET /watch/chat/events?stream=<id>: the chat as server-sent events. */
export function loader({ request }: { request: Request }) {
  return streamChatEvents({ request });
}
