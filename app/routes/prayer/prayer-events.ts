import { streamPrayingCounts } from "~/features/prayer/stream-praying-counts.server";

/** GET /prayer/events: live praying counts as server-sent events. */
export function loader({ request }: { request: Request }) {
  return streamPrayingCounts({ request });
}
