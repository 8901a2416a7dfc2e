import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { SSE_HEADERS } from "~/server/sse.server";
import { logger } from "~/server/logger.server";
import { getPubSub, type PubSub } from "~/server/pubsub.server";
import { getRequestContext } from "~/server/request-context.server";
import { PRAYER_COUNTS_CHANNEL, parsePrayingCountEvent, type PrayingCountEvent } from "./praying-count-events";

const HEARTBEAT_MS = 20_000;

/** Tells every instance's wall viewers a new count. After the commit; a failed publish is logged, not thrown. */
export async function publishPrayingCount(pubsub: PubSub | null, event: PrayingCountEvent): Promise<void> {
  if (!pubsub) return;
  try {
    await pubsub.publish(PRAYER_COUNTS_CHANNEL, JSON.stringify(event));
  } catch (error) {
    logger.error({ err: error, id: event.id }, "publishing a praying count failed");
  }
}

/** The pub/sub when the server opened one (scripts and some tests run without it). */
export function openedPubSub(): PubSub | null {
  try {
    return getPubSub();
  } catch {
    return null;
  }
}

/**
 * GET /prayer/events: live "I'm praying" counts as server-sent events (`count`). Guests get
 * only public requests' counts; nothing is ever sent for private requests (nobody can pray
 * for them on the wall).
 */
export async function streamPrayingCounts(options: { request: Request; pubsub?: PubSub }): Promise<Response> {
  const { request } = options;
  const { db } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  const pubsub = options.pubsub ?? getPubSub();
  const encoder = new TextEncoder();
  const signal = request.signal;
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = pubsub.subscribe(PRAYER_COUNTS_CHANNEL, (message) => {
        const event = parsePrayingCountEvent(message);
        if (!event || (event.visibility === "members" && !session)) return;
        send(`event: count\ndata: ${JSON.stringify({ id: event.id, count: event.count })}\n\n`);
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
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
      send("retry: 5000\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
