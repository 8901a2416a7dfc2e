import { asc } from "drizzle-orm";
import { serviceTimes } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { byContentVersion } from "~/server/content-memo.server";
import type { AppDatabase } from "~/server/db.server";
import { localize } from "~/i18n/localize";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import { loadTranslation } from "~/i18n/i18n";

export interface ServiceTime {
  key: string;
  name: string;
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  /** "HH:MM", 24-hour, church time zone */
  startTime: string;
  isMainService: boolean;
}

export interface ChurchProfile {
  /** False until staff save the church's settings (an empty install): its facts are then blank. */
  configured: boolean;
  name: string;
  tagline: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  phone: string;
  phoneDisplay: string;
  smsKeyword: string;
  email: string | null;
  timeZone: string;
  geo: { latitude: number; longitude: number } | null;
  mapEmbedUrl: string | null;
  directionsUrl: string | null;
  facebookUrl: string | null;
  youtubeUrl: string | null;
  ogImageUrl: string | null;
  /** The church's own logo (its smallest uploaded size), or null for the built-in mark. */
  logoUrl: string | null;
  serviceTimes: ServiceTime[];
}

export interface GetChurchProfileOptions {
  db: AppDatabase;
  language: Language;
}

/**
 * The church's public facts in one language. Before the church is configured (an empty
 * install) its facts are blank and its name is a neutral "Our church", so every page still
 * renders and says kindly what is not there yet. Read once per content version in the
 * production server (content-memo.server.ts).
 */
export function getChurchProfile({ db, language }: GetChurchProfileOptions): Promise<ChurchProfile> {
  return byContentVersion(`church-profile ${language}`, () => readChurchProfile(db, language));
}

async function readChurchProfile(db: AppDatabase, language: Language): Promise<ChurchProfile> {
  const [settings, times, strings] = await Promise.all([
    readChurchSettings(db),
    db.select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id)),
    loadTranslation(language),
  ]);
  const serviceTimeList = times.map((t) => ({
    key: t.key,
    name: localize(language, t.nameEn, t.nameEs),
    dayOfWeek: t.dayOfWeek,
    startTime: t.startTime,
    isMainService: t.isMainService,
  }));
  if (!settings) return unconfiguredProfile(strings.common.unnamedChurch, serviceTimeList);
  return {
    configured: true,
    name: localize(language, settings.nameEn, settings.nameEs),
    tagline: localize(language, settings.taglineEn, settings.taglineEs),
    address: {
      street: settings.streetAddress,
      city: settings.city,
      region: settings.region,
      postalCode: settings.postalCode,
      country: settings.country,
    },
    phone: settings.phone,
    phoneDisplay: settings.phoneDisplay,
    smsKeyword: settings.smsKeyword,
    email: settings.email,
    timeZone: settings.timeZone,
    geo: settings.latitude != null && settings.longitude != null ? { latitude: settings.latitude, longitude: settings.longitude } : null,
    mapEmbedUrl: settings.mapEmbedUrl,
    directionsUrl: settings.directionsUrl,
    facebookUrl: settings.facebookUrl,
    youtubeUrl: settings.youtubeUrl,
    ogImageUrl: settings.ogImageUrl,
    logoUrl: settings.logoUrl,
    serviceTimes: serviceTimeList,
  };
}

function unconfiguredProfile(name: string, times: ServiceTime[]): ChurchProfile {
  return {
    configured: false,
    name,
    tagline: "",
    address: { street: "", city: "", region: "", postalCode: "", country: "US" },
    phone: "",
    phoneDisplay: "",
    smsKeyword: "",
    email: null,
    timeZone: "America/Chicago",
    geo: null,
    mapEmbedUrl: null,
    directionsUrl: null,
    facebookUrl: null,
    youtubeUrl: null,
    ogImageUrl: null,
    logoUrl: null,
    serviceTimes: times,
  };
}
