import { LiveAnnouncement } from "~/components/live-announcement";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";

export function LiveStreamSection({ block, church, liveNow }: { block: ContentBlock; church: ChurchProfile; liveNow: boolean }) {
  return <LiveAnnouncement placement="home" title={block.title} body={block.body} serviceTimes={church.serviceTimes} liveNow={liveNow} />;
}
