import { logger } from "~/server/logger.server";
import type { PubSub } from "~/server/pubsub.server";
import { chatChannel, type ChatEvent } from "./chat-events";

/**
 * Tells every instance's viewers of the stream. Called after the change committed; a failed
 * publish is logged, not thrown: the change is saved and viewers get it when they reconnect.
 */
export async function publishChatEvent(pubsub: PubSub, streamId: string, event: ChatEvent): Promise<void> {
  try {
    await pubsub.publish(chatChannel(streamId), JSON.stringify(event));
  } catch (error) {
    logger.error({ err: error, streamId, type: event.type }, "publishing a live chat event failed");
  }
}
