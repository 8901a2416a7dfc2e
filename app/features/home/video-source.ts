/** The file a browser should play: WebM when it says it can, else MP4 (plays everywhere). */
export function pickVideoSource(video: { mp4Url: string; webmUrl: string | null }, canPlayType: (mimeType: string) => string): string {
  if (video.webmUrl && canPlayType("video/webm") !== "") return video.webmUrl;
  return video.mp4Url;
}
