/** The current stream as the watch page and its player get it. */
export interface WatchStreamView {
  id: string;
  title: string;
  provider: "youtube" | "hls";
  youtubeVideoId: string | null;
  hlsUrl: string | null;
  chatEnabled: boolean;
}
