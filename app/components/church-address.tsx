import { MapPin } from "lucide-react";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";

type Address = ChurchProfile["address"];

/** "Springfield, IL 62701", leaving out what the church has not filled in (no lone comma). */
export function addressLocality(address: Address): string {
  const regionLine = [address.region, address.postalCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return [address.city.trim(), regionLine].filter(Boolean).join(", ");
}

/** True when the church has entered at least a street or a town: something to show or mail to. */
export function hasAddress(address: Address): boolean {
  return Boolean(address.street.trim() || addressLocality(address));
}

/**
 * The church's street address with a map-pin icon; `label` is read to screen readers.
 * Renders nothing while the church has no address (an empty install).
 */
export function ChurchAddress({
  address,
  label,
  className = "",
  iconClassName = "",
}: {
  address: Address;
  label: string;
  className?: string;
  iconClassName?: string;
}) {
  const street = address.street.trim();
  const locality = addressLocality(address);
  if (!street && !locality) return null;
  const city = address.city.trim();
  const region = address.region.trim();
  const postalCode = address.postalCode.trim();
  return (
    <p className={`flex gap-2 ${className}`}>
      <MapPin aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${iconClassName}`} />
      <span>
        <span className="sr-only">{label}: </span>
        {street}
        {street && locality ? <br /> : null}
        {/* The same text pieces as addressLocality, drawn one by one: each separator only between two parts. */}
        {city}
        {city && (region || postalCode) ? ", " : null}
        {region}
        {region && postalCode ? " " : null}
        {postalCode}
      </span>
    </p>
  );
}
