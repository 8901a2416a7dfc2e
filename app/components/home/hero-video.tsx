import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { HeroVideo } from "~/features/content/get-home-page.server";
import { nextVideoIndex, shouldAutoplayVideo } from "~/features/home/playlist";
import { pickVideoSource } from "~/features/home/video-source";

type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean } };

interface ClientSignals {
  autoplay: boolean;
  canPlayType: (mimeType: string) => string;
}

/**
 * The hero's background playlist, added only after hydration so the server HTML carries
 * just the poster. Each clip plays once at its own rate, then the next, wrapping around.
 * Renders the video (absolutely positioned behind the hero content) and the pause/play
 * toggle that WCAG 2.2.2 asks for on motion that lasts more than five seconds.
 */
export function HeroVideoPlaylist({ videos }: { videos: HeroVideo[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [signals, setSignals] = useState<ClientSignals | null>(null);
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [index, setIndex] = useState(0);
  const [failures, setFailures] = useState(0);
  const [shown, setShown] = useState(false);

  // Motion and data preferences exist only in the browser: read them after hydration.
  useEffect(() => {
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const saveData = Boolean((navigator as NavigatorWithConnection).connection?.saveData);
    const probe = document.createElement("video");
    setSignals({
      autoplay: shouldAutoplayVideo({ prefersReducedMotion: reducedMotion.matches, saveData }),
      canPlayType: (type) => probe.canPlayType(type),
    });
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setChoice("pause");
    };
    reducedMotion.addEventListener("change", onChange);
    return () => reducedMotion.removeEventListener("change", onChange);
  }, []);

  const playing = signals !== null && (choice ? choice === "play" : signals.autoplay);
  const broken = failures >= videos.length;
  const current = videos[index];
  // Once started, the element stays so pausing keeps the current frame on screen.
  const mounted = signals !== null && !broken && current !== undefined && (playing || shown);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!playing) {
      video.pause();
      return;
    }
    video.muted = true;
    video.play().catch((error: unknown) => {
      // The browser refused autoplay: show the poster and let the visitor press play.
      if (error instanceof DOMException && error.name === "NotAllowedError") setChoice("pause");
    });
  }, [playing, index, mounted]);

  if (signals === null || videos.length === 0 || broken || current === undefined) return null;

  return (
    <>
      {mounted ? (
        <video
          ref={ref}
          src={pickVideoSource(current, signals.canPlayType)}
          poster={current.posterUrl}
          muted
          playsInline
          preload="none"
          loop={videos.length === 1}
          aria-hidden="true"
          tabIndex={-1}
          disablePictureInPicture
          className={`absolute inset-0 -z-20 h-full w-full object-cover transition-opacity duration-700 ${shown ? "opacity-100" : "opacity-0"}`}
          onLoadedMetadata={(event) => {
            event.currentTarget.defaultPlaybackRate = current.playbackRate;
            event.currentTarget.playbackRate = current.playbackRate;
          }}
          onPlaying={() => setShown(true)}
          onEnded={() => setIndex((i) => nextVideoIndex(i, videos.length))}
          onError={() => {
            setFailures((n) => n + 1);
            setIndex((i) => nextVideoIndex(i, videos.length));
          }}
        />
      ) : null}
      <button
        type="button"
        onClick={() => setChoice(playing ? "pause" : "play")}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/60 bg-slate-950/70 px-4 text-sm font-semibold text-white hover:bg-slate-950"
      >
        {playing ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
        {playing ? t("home.hero.pauseVideo") : t("home.hero.playVideo")}
      </button>
    </>
  );
}
