/** Where a live stream plays from: a YouTube video id or an https HLS playlist. */
export type StreamSource = { provider: "youtube"; youtubeVideoId: string } | { provider: "hls"; hlsUrl: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
]);

/**
 * What the staff typed: an 11-character YouTube id, a YouTube URL (watch?v=, /live/, /embed/,
 * youtu.be/), or an https URL of an HLS playlist (.m3u8). Null for anything else.
 */
export function parseStreamSource(input: string): StreamSource | null {
  const value = input.trim();
  if (YOUTUBE_ID.test(value)) return { provider: "youtube", youtubeVideoId: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const candidate =
      host === "youtu.be"
        ? url.pathname.split("/")[1]
        : (url.searchParams.get("v") ?? url.pathname.match(/^\/(?:live|embed|shorts|v)\/([^/]+)/)?.[1]);
    return candidate && YOUTUBE_ID.test(candidate) ? { provider: "youtube", youtubeVideoId: candidate } : null;
  }
  if (url.protocol === "https:" && url.pathname.toLowerCase().endsWith(".m3u8") && !url.username && !url.password && value.length <= 2000) {
    return { provider: "hls", hlsUrl: url.toString() };
  }
  return null;
}
