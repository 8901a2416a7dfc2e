import type { ChurchProfile } from "~/platform/church/get-church-profile.server";

const schemaDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface ChurchJsonLdOptions {
  church: ChurchProfile;
  /** Absolute base URL of the site, no trailing slash. */
  siteUrl: string;
  description?: string | null;
}

/**
 * schema.org `Church` for the home page. A Church is a Place in schema.org, so service
 * times go in `openingHoursSpecification` (day + start time) rather than as Events, which
 * would need dates.
 */
export function buildChurchJsonLd({ church, siteUrl, description }: ChurchJsonLdOptions): Record<string, unknown> {
  const url = `${siteUrl}/`;
  const { address } = church;
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Church",
    "@id": `${url}#church`,
    name: church.name,
    url,
  };
  // Only what the church has filled in: no empty telephone or address for a search engine.
  if (church.phone) ld.telephone = church.phone;
  const postal = {
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.region,
    postalCode: address.postalCode,
  };
  if (Object.values(postal).some(Boolean)) {
    ld.address = {
      "@type": "PostalAddress",
      ...Object.fromEntries(Object.entries(postal).filter(([, value]) => Boolean(value))),
      addressCountry: address.country,
    };
  }
  if (description) ld.description = description;
  if (church.tagline) ld.slogan = church.tagline;
  if (church.geo) {
    ld.geo = { "@type": "GeoCoordinates", latitude: church.geo.latitude, longitude: church.geo.longitude };
  }
  if (church.ogImageUrl) ld.image = new URL(church.ogImageUrl, url).toString();
  if (church.directionsUrl) ld.hasMap = church.directionsUrl;
  const sameAs = [church.facebookUrl, church.youtubeUrl].filter((u): u is string => Boolean(u));
  if (sameAs.length > 0) ld.sameAs = sameAs;
  const hours = church.serviceTimes
    .filter((time) => schemaDays[time.dayOfWeek] !== undefined)
    .map((time) => ({
      "@type": "OpeningHoursSpecification",
      name: time.name,
      dayOfWeek: `https://schema.org/${schemaDays[time.dayOfWeek]}`,
      opens: time.startTime,
    }));
  if (hours.length > 0) ld.openingHoursSpecification = hours;
  return ld;
}
