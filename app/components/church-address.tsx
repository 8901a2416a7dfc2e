import { MapPin } from "lucide-react";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";

/** The church's street address with a map-pin icon; `label` is read to screen readers. */
export function ChurchAddress({
  address,
  label,
  className = "",
  iconClassName = "",
}: {
  address: ChurchProfile["address"];
  label: string;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <p className={`flex gap-2 ${className}`}>
      <MapPin aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${iconClassName}`} />
      <span>
        <span className="sr-only">{label}: </span>
        {address.street}
        <br />
        {address.city}, {address.region} {address.postalCode}
      </span>
    </p>
  );
}
