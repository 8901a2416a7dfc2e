import { useTranslation } from "~/i18n/react";
import type { ServiceTime } from "~/platform/church/get-church-profile.server";
import { formatClock } from "~/platform/church/format-service-time";

/** "Sunday 11:00 AM" / "Domingo 11:00 a. m." for a service-time row. */
export function useFormatServiceTime() {
  const { t } = useTranslation();
  return (time: ServiceTime) =>
    t("time.serviceLine", {
      day: t(`time.days.${String(time.dayOfWeek) as "0"}`),
      time: formatClock(time.startTime, { am: t("time.am"), pm: t("time.pm") }),
    });
}

/**
 * The one place service times are rendered: every page reads the same settings rows. With no
 * rows yet (an empty install) it says kindly that they are coming, or `empty` when given.
 */
export function ServiceTimesList({ times, className = "", empty }: { times: ServiceTime[]; className?: string; empty?: string }) {
  const { t } = useTranslation();
  const format = useFormatServiceTime();
  if (times.length === 0) return <p className={className}>{empty ?? t("time.none")}</p>;
  return (
    <dl className={`space-y-2 ${className}`}>
      {times.map((time) => (
        <div key={time.key} className="flex flex-wrap justify-between gap-x-4">
          <dt className="font-medium">{time.name}</dt>
          <dd>{format(time)}</dd>
        </div>
      ))}
    </dl>
  );
}
