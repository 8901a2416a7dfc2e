import type { Route } from "./+types/feed";
import { podcastFeedResponse } from "~/features/sermons/podcast-feed.server";

/** /sermons/feed.xml[?lang=es]: the podcast of the sermons' audio (RSS 2.0, iTunes and Podcasting 2.0 tags). */
export async function loader({ request }: Route.LoaderArgs) {
  return podcastFeedResponse({ request });
}
