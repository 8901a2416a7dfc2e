import { z } from "zod";
import { E164 } from "~/lib/phone-formats";

/** The profile form's fields, in the order the form shows them. */
export const PROFILE_FIELDS = [
  "nameEn",
  "nameEs",
  "taglineEn",
  "taglineEs",
  "streetAddress",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
  "phoneDisplay",
  "smsKeyword",
  "email",
  "timeZone",
  "latitude",
  "longitude",
  "mapEmbedUrl",
  "directionsUrl",
  "facebookUrl",
  "youtubeUrl",
  "instagramUrl",
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];

const E = {
  required: "settings.errors.required",
  tooLong: "settings.errors.tooLong",
  phone: "settings.errors.phone",
  smsKeyword: "settings.errors.smsKeyword",
  email: "settings.errors.email",
  timeZone: "settings.errors.timeZone",
  latitude: "settings.errors.latitude",
  longitude: "settings.errors.longitude",
  coordinatesPair: "settings.errors.coordinatesPair",
  mapEmbedUrl: "settings.errors.mapEmbedUrl",
  httpsUrl: "settings.errors.httpsUrl",
  facebookUrl: "settings.errors.facebookUrl",
  youtubeUrl: "settings.errors.youtubeUrl",
  instagramUrl: "settings.errors.instagramUrl",
} as const;

let zones: Set<string> | undefined;
/** IANA zones this runtime knows (the site formats times with Intl, so it must know them). */
export function isTimeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zones.has(value);
}

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/**
 * Map embeds are iframes, so they must be allowed by the Content-Security-Policy frame-src
 * (security-headers.server.ts), which lists OpenStreetMap only.
 */
export function isAllowedMapEmbed(value: string): boolean {
  const url = httpsUrl(value);
  return !!url && url.hostname === "www.openstreetmap.org" && url.pathname === "/export/embed.html" && !url.port;
}

const onHosts = (hosts: readonly string[]) => (value: string) => {
  const url = httpsUrl(value);
  return !!url && hosts.includes(url.hostname.toLowerCase()) && !url.port;
};

const FACEBOOK_HOSTS = ["facebook.com", "www.facebook.com", "m.facebook.com", "fb.com", "www.fb.com"];
const YOUTUBE_HOSTS = ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"];
const INSTAGRAM_HOSTS = ["instagram.com", "www.instagram.com"];

const required = (max: number) => z.string().trim().min(1, { error: E.required }).max(max, { error: E.tooLong });
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: E.tooLong })
    .transform((v) => (v === "" ? null : v));
const optionalUrl = (check: (value: string) => boolean, key: string) =>
  z
    .string()
    .trim()
    .max(1000, { error: E.tooLong })
    .refine((v) => v === "" || check(v), { error: key })
    .transform((v) => (v === "" ? null : v));
const coordinate = (limit: number, key: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^-?\d{1,3}(\.\d{1,10})?$/.test(v) && Math.abs(Number(v)) <= limit), { error: key })
    .transform((v) => (v === "" ? null : Number(v)));

export const ZChurchProfile = z
  .object({
    nameEn: required(120),
    nameEs: optional(120),
    /** A short line under the name; may be left empty (the home page then greets visitors). */
    taglineEn: z.string().trim().max(200, { error: E.tooLong }),
    taglineEs: optional(200),
    streetAddress: required(200),
    city: required(100),
    region: required(100),
    postalCode: required(20),
    country: required(60),
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s().-]/g, ""))
      .refine((v) => E164.test(v), { error: E.phone }),
    phoneDisplay: required(40),
    smsKeyword: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z0-9]{2,20}$/.test(v), { error: E.smsKeyword }),
    email: z
      .string()
      .trim()
      .max(254, { error: E.tooLong })
      .refine((v) => v === "" || z.email().safeParse(v).success, { error: E.email })
      .transform((v) => (v === "" ? null : v.toLowerCase())),
    timeZone: z
      .string()
      .trim()
      .refine((v) => isTimeZone(v), { error: E.timeZone }),
    latitude: coordinate(90, E.latitude),
    longitude: coordinate(180, E.longitude),
    mapEmbedUrl: optionalUrl(isAllowedMapEmbed, E.mapEmbedUrl),
    directionsUrl: optionalUrl((v) => httpsUrl(v) !== null, E.httpsUrl),
    facebookUrl: optionalUrl(onHosts(FACEBOOK_HOSTS), E.facebookUrl),
    youtubeUrl: optionalUrl(onHosts(YOUTUBE_HOSTS), E.youtubeUrl),
    instagramUrl: optionalUrl(onHosts(INSTAGRAM_HOSTS), E.instagramUrl),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude === null) !== (value.longitude === null)) {
      ctx.addIssue({ code: "custom", path: [value.latitude === null ? "latitude" : "longitude"], message: E.coordinatesPair });
    }
  });

export type ChurchProfileInput = z.infer<typeof ZChurchProfile>;
