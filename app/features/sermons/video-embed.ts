/** A sermon video on YouTube or Vimeo, as the page embeds it. */
export interface VideoEmbed {
  provider: "youtube" | "vimeo";
  id: string;
  /** The privacy-friendly player: youtube-nocookie.com or player.vimeo.com (with dnt=1). */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/**
 * The embed of a YouTube or Vimeo page URL (watch?v=, youtu.be/, /embed/, /shorts/, /live/;
 * vimeo.com/123, vimeo.com/123/abcdef for unlisted videos, player.vimeo.com/video/123), or
 * null for anything else: admins paste page URLs, the page never frames an unknown site.
 */
export function parseVideoUrl(value: string | null | undefined): VideoEmbed | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be" || YOUTUBE_HOSTS.has(host)) {
    let id: string | null = null;
    if (host === "youtu.be") id = parts[0] ?? null;
    else if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live" || parts[0] === "v") id = parts[1] ?? null;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { provider: "youtube", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
  }

  if (VIMEO_HOSTS.has(host)) {
    const numeric = host === "player.vimeo.com" ? (parts[0] === "video" ? parts[1] : undefined) : parts.find((p) => /^\d+$/.test(p));
    if (!numeric || !/^\d{1,12}$/.test(numeric)) return null;
    // An unlisted video's hash: vimeo.com/123/abcdef or ?h=abcdef on the player URL.
    const after = parts[parts.indexOf(numeric) + 1];
    const hash = host === "player.vimeo.com" ? url.searchParams.get("h") : after && /^[0-9a-f]{6,20}$/i.test(after) ? after : null;
    const query = new URLSearchParams({ dnt: "1" });
    if (hash && /^[0-9a-f]{6,20}$/i.test(hash)) query.set("h", hash);
    return { provider: "vimeo", id: numeric, embedUrl: `https://player.vimeo.com/video/${numeric}?${query.toString()}` };
  }
  return null;
}
