import { Copy, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { SermonsT } from "~/features/sermons/sermons-translation";

/**
 * The sermon's link to copy, and the system share sheet where the browser has one
 * (navigator.share: phones, some desktops). Without JavaScript the link is still there to copy.
 */
export function SharePanel({ url, title, t }: { url: string; title: string; t: SermonsT }) {
  const [canShare, setCanShare] = useState(false);
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      input.current?.select();
      setStatus("failed");
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed by the visitor, or refused: the link stays on the page to copy.
    }
  };
  const button =
    "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100";

  return (
    <section aria-labelledby="sermon-share" className="rounded-2xl bg-brand-50 p-6">
      <h2 id="sermon-share" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
        <Share2 aria-hidden="true" className="h-5 w-5" />
        {t("sermon.shareHeading")}
      </h2>
      <label htmlFor="sermon-share-url" className="mt-3 block text-sm font-semibold text-slate-900">
        {t("sermon.shareLinkLabel")}
      </label>
      <input
        ref={input}
        id="sermon-share-url"
        type="url"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={button}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t("sermon.copyLink")}
        </button>
        {canShare ? (
          <button type="button" onClick={share} className={button}>
            <Share2 aria-hidden="true" className="h-4 w-4" />
            {t("sermon.share")}
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-800">
        {status === "copied" ? t("sermon.copied") : status === "failed" ? t("sermon.copyFailed") : ""}
      </p>
    </section>
  );
}
