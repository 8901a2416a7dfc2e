import type { Route } from "./+types/member-feed";
import { memberFeedResponse } from "~/features/events/calendar-feeds.server";

/** /events/mine.ics?token=…: a member's private feed of the events they RSVP'd to. */
export async function loader({ request }: Route.LoaderArgs) {
  return memberFeedResponse({ request });
}
