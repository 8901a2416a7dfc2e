import type { EventsT } from "~/features/events/events-translation";

/** "12 places left", "1 place left" or "Full — waitlist open"; nothing when there is no limit. */
export function placesLeftText(t: EventsT, o: { placesLeft: number | null; rsvpEnabled: boolean; cancelled: boolean }): string | null {
  if (o.cancelled || o.placesLeft == null) return null;
  if (o.placesLeft === 0) return o.rsvpEnabled ? t("event.full") : t("event.fullClosed");
  return o.placesLeft === 1 ? t("event.onePlaceLeft") : t("event.placesLeft", { count: o.placesLeft });
}

export function PlacesLeft({
  t,
  placesLeft,
  rsvpEnabled,
  cancelled,
  className = "",
}: {
  t: EventsT;
  placesLeft: number | null;
  rsvpEnabled: boolean;
  cancelled: boolean;
  className?: string;
}) {
  const text = placesLeftText(t, { placesLeft, rsvpEnabled, cancelled });
  if (!text) return null;
  const full = placesLeft === 0;
  return (
    <p
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${full ? "bg-amber-100 text-amber-900" : "bg-emerald-50 text-emerald-900"} ${className}`}
    >
      {text}
    </p>
  );
}

export function CancelledBadge({ t }: { t: EventsT }) {
  return <span className="inline-flex rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-900">{t("event.cancelled")}</span>;
}
