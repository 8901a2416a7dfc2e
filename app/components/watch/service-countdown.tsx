import { useEffect, useState } from "react";
import { formatServiceWhen } from "~/features/live/format-chat-time";
import type { WatchT } from "~/features/live/watch-translation";

/**
 * The time left until the next service. Computed on the server (`now`), ticking in the
 * browser. The ticking text is a `timer` (not a live region): screen readers read it when
 * asked, never every second; the start time itself is plain text.
 */
export function ServiceCountdown({
  t,
  language,
  timeZone,
  now,
  nextService,
}: {
  t: WatchT;
  language: string;
  timeZone: string;
  now: string;
  nextService: { name: string; startsAt: string };
}) {
  const startsAt = Date.parse(nextService.startsAt);
  const [current, setCurrent] = useState(() => Date.parse(now));
  useEffect(() => {
    // The server's clock decides; the browser only counts the seconds since.
    const skew = Date.parse(now) - Date.now();
    const tick = () => setCurrent(Date.now() + skew);
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [now]);

  const left = Math.max(0, Math.floor((startsAt - current) / 1000));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const time = days > 0 ? t("countdown.days", { days, hours, minutes, seconds }) : t("countdown.hours", { hours, minutes, seconds });

  return (
    <section aria-labelledby="watch-countdown" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="watch-countdown" className="font-serif text-xl font-bold text-brand-800">
        {t("countdown.heading")}
      </h2>
      <p className="mt-2 text-slate-800">
        {t("countdown.startsAt", { service: nextService.name, when: formatServiceWhen(nextService.startsAt, language, timeZone) })}
      </p>
      <p role="timer" className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">
        {left > 0 ? t("countdown.remaining", { time }) : t("countdown.startingNow")}
      </p>
    </section>
  );
}
