/** schema.org `Event` for an event's detail page (one occurrence). */
export function buildEventJsonLd(o: {
  name: string;
  description: string;
  /** ISO 8601 with the church's offset: 2026-11-25T19:00:00-06:00. */
  startDate: string;
  endDate: string | null;
  cancelled: boolean;
  url: string;
  imageUrl: string | null;
  place: {
    name: string;
    address: { street: string; city: string; region: string; postalCode: string; country: string } | null;
    addressLine: string | null;
  };
  organizer: { name: string; url: string };
}): Record<string, unknown> {
  const address = o.place.addressLine
    ? { "@type": "PostalAddress", streetAddress: o.place.addressLine }
    : o.place.address
      ? {
          "@type": "PostalAddress",
          streetAddress: o.place.address.street,
          addressLocality: o.place.address.city,
          addressRegion: o.place.address.region,
          postalCode: o.place.address.postalCode,
          addressCountry: o.place.address.country,
        }
      : undefined;
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: o.name,
    description: o.description,
    startDate: o.startDate,
    eventStatus: o.cancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: o.url,
    location: { "@type": "Place", name: o.place.name, ...(address ? { address } : {}) },
    organizer: { "@type": "Organization", name: o.organizer.name, url: o.organizer.url },
  };
  if (o.endDate) ld.endDate = o.endDate;
  if (o.imageUrl) ld.image = [o.imageUrl];
  return ld;
}
