import type { Route } from "./+types/events-feed";
import { eventsFeedResponse } from "~/features/events/calendar-feeds.server";

/** /events.ics[?category=youth&lang=es]: the subscribable calendar of public events. */
export async function loader({ request }: Route.LoaderArgs) {
  return eventsFeedResponse({ request });
}
