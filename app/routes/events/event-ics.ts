import type { Route } from "./+types/event-ics";
import { eventIcsResponse } from "~/features/events/calendar-feeds.server";

/** /events/:slug/calendar.ics: "Add to calendar" for one event. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return eventIcsResponse({ request, slug: params.slug });
}
