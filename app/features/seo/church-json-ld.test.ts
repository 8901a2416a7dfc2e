import { describe, expect, it } from "vitest";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import { buildChurchJsonLd } from "./church-json-ld";

const church: ChurchProfile = {
  configured: true,
  name: "Living Hope Church",
  tagline: "Hear. Understand. Live.",
  address: { street: "4120 Harvest Grove Road", city: "Springfield", region: "IL", postalCode: "62704", country: "US" },
  phone: "+12175550142",
  phoneDisplay: "(217) 555-0142",
  smsKeyword: "HOME",
  email: "hello@livinghope.example",
  timeZone: "America/Chicago",
  geo: { latitude: 39.7817, longitude: -89.6501 },
  mapEmbedUrl: null,
  directionsUrl: "https://www.openstreetmap.org/directions?to=39.7817%2C-89.6501",
  facebookUrl: "https://www.facebook.com/",
  youtubeUrl: null,
  ogImageUrl: "/media/demo/og-image.jpg",
  logoUrl: null,
  serviceTimes: [
    { key: "school", name: "Sunday School", dayOfWeek: 0, startTime: "09:30", isMainService: false },
    { key: "worship", name: "Sunday Worship", dayOfWeek: 0, startTime: "11:00", isMainService: true },
    { key: "study", name: "Wednesday Bible Study", dayOfWeek: 3, startTime: "19:00", isMainService: false },
  ],
};

describe("buildChurchJsonLd", () => {
  it("describes the church as a schema.org Church with a postal address", () => {
    const ld = buildChurchJsonLd({ church, siteUrl: "https://example.org", description: "A church." });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Church",
      name: "Living Hope Church",
      url: "https://example.org/",
      telephone: "+12175550142",
      description: "A church.",
      slogan: "Hear. Understand. Live.",
      address: {
        "@type": "PostalAddress",
        streetAddress: "4120 Harvest Grove Road",
        addressLocality: "Springfield",
        addressRegion: "IL",
        postalCode: "62704",
        addressCountry: "US",
      },
      geo: { "@type": "GeoCoordinates", latitude: 39.7817, longitude: -89.6501 },
      image: "https://example.org/media/demo/og-image.jpg",
      sameAs: ["https://www.facebook.com/"],
    });
  });

  it("lists every service time as an opening-hours entry with its weekday and start", () => {
    const ld = buildChurchJsonLd({ church, siteUrl: "https://example.org" });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", name: "Sunday School", dayOfWeek: "https://schema.org/Sunday", opens: "09:30" },
      { "@type": "OpeningHoursSpecification", name: "Sunday Worship", dayOfWeek: "https://schema.org/Sunday", opens: "11:00" },
      { "@type": "OpeningHoursSpecification", name: "Wednesday Bible Study", dayOfWeek: "https://schema.org/Wednesday", opens: "19:00" },
    ]);
    expect(ld).not.toHaveProperty("event");
  });

  it("leaves out facts the church has not set", () => {
    const ld = buildChurchJsonLd({
      church: { ...church, geo: null, ogImageUrl: null, facebookUrl: null, directionsUrl: null, serviceTimes: [] },
      siteUrl: "https://example.org",
    });
    for (const key of ["geo", "image", "sameAs", "hasMap", "openingHoursSpecification", "description"]) {
      expect(ld).not.toHaveProperty(key);
    }
  });

  it("has no empty telephone or address fields while those are blank", () => {
    const ld = buildChurchJsonLd({
      church: { ...church, phone: "", address: { street: "", city: "", region: "", postalCode: "", country: "US" } },
      siteUrl: "https://example.org",
    });
    expect(ld).not.toHaveProperty("telephone");
    expect(ld).not.toHaveProperty("address");
    const partial = buildChurchJsonLd({
      church: { ...church, address: { street: "", city: "Springfield", region: "IL", postalCode: "", country: "US" } },
      siteUrl: "https://example.org",
    });
    expect(partial.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Springfield",
      addressRegion: "IL",
      addressCountry: "US",
    });
  });

  it("keeps an absolute image URL as it is and serialises to plain JSON", () => {
    const ld = buildChurchJsonLd({
      church: { ...church, ogImageUrl: "https://cdn.example.net/og.jpg" },
      siteUrl: "https://example.org",
    });
    expect(ld.image).toBe("https://cdn.example.net/og.jpg");
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});
