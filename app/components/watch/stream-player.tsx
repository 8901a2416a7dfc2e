import { useEffect, useRef, useState } from "react";
import type { WatchStreamView } from "~/features/live/watch-views";
import type { WatchT } from "~/features/live/watch-translation";

/**
 * The live video: YouTube through its privacy-enhanced (no-cookie) embed, or an HLS playlist
 * played natively (Safari, iOS) or by hls.js, which is loaded only here and only in the browser.
 */
export function StreamPlayer({
  t,
  stream,
}: {
  t: WatchT;
  stream: Pick<WatchStreamView, "title" | "provider" | "youtubeVideoId" | "hlsUrl">;
}) {
  if (stream.provider === "youtube" && stream.youtubeVideoId) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-2xl bg-black">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(stream.youtubeVideoId)}?rel=0&modestbranding=1`}
          title={t("player.frameTitle", { title: stream.title })}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="h-full w-full border-0"
        />
      </div>
    );
  }
  return stream.hlsUrl ? <HlsVideo t={t} url={stream.hlsUrl} title={stream.title} /> : null;
}

function HlsVideo({ t, url, title }: { t: WatchT; url: string; title: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [unsupported, setUnsupported] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.canPlayType("application/vnd.apple.mpegurl")) {
      element.src = url;
      return;
    }
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    void import("hls.js").then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setUnsupported(true);
        return;
      }
      // No worker: the content security policy allows workers from this site only, not blob: URLs.
      const player = new Hls({ enableWorker: false, lowLatencyMode: true });
      player.loadSource(url);
      player.attachMedia(element);
      hls = player;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [url]);
  return (
    <div>
      <video
        ref={video}
        controls
        playsInline
        preload="none"
        aria-label={t("player.videoLabel", { title })}
        className="aspect-video w-full rounded-2xl bg-black"
      />
      {unsupported ? (
        <p role="alert" className="mt-2 text-slate-800">
          {t("player.unsupported")}
        </p>
      ) : null}
    </div>
  );
}
