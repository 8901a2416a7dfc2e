import { getRequestContext } from "~/server/request-context.server";
import { getPubSub, type PubSub } from "~/server/pubsub.server";
import type { AppDatabase } from "~/server/db.server";
import { chatChannel, parseChatEvent, type ChatEvent } from "./chat-events";
import { findStream, isUuid } from "./find-live-stream.server";
import { listChatMessages } from "./list-chat-messages.server";
import { SSE_HEADERS } from "~/server/sse.server";

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** How long the browser waits before reconnecting after the connection drops. */
const RETRY_MS = 3000;

function frame(event: ChatEvent | { type: "history"; messages: unknown[] }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * GET /watch/chat/events?stream=<id>: the stream's last 100 messages (one `history` event),
 * then every message, delete and status event published for the stream on any instance,
 * until the client disconnects. Subscribes before reading the history so nothing posted in
 * between is lost (the client ignores a message it already has).
 */
export async function streamChatEvents(options: {
  request: Request;
  db?: AppDatabase;
  pubsub?: PubSub;
  heartbeatMs?: number;
}): Promise<Response> {
  const { request } = options;
  const db = options.db ?? getRequestContext(request).db;
  const streamId = new URL(request.url).searchParams.get("stream");
  if (!isUuid(streamId))
    return new Response("Bad request: ?stream=<id> is required.", { status: 400, headers: { "Cache-Control": "no-store" } });
  const stream = await findStream(db, streamId);
  if (!stream) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const pubsub = options.pubsub ?? getPubSub();
  const encoder = new TextEncoder();
  const signal = request.signal;
  let cleanup = () => {};

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      let ready = false;
      const pending: string[] = [];
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = pubsub.subscribe(chatChannel(streamId), (message) => {
        const event = parseChatEvent(message);
        if (!event) return;
        if (ready) send(frame(event));
        else pending.push(frame(event));
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal.addEventListener("abort", cleanup);
      if (signal.aborted) return cleanup();

      send(`retry: ${RETRY_MS}\n\n`);
      try {
        const messages = await listChatMessages({ db, streamId });
        send(frame({ type: "history", messages }));
        send(frame({ type: "status", chatEnabled: stream.chatEnabled, ended: stream.endedAt !== null }));
      } catch {
        return cleanup();
      }
      ready = true;
      for (const text of pending.splice(0)) send(text);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
