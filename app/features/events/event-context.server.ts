import type { Language } from "~/i18n/config";
import { byContentVersion } from "~/server/content-memo.server";
import type { AppDatabase } from "~/server/db.server";
import { localize } from "~/i18n/localize";
import { readChurchSettings } from "~/platform/church/church-settings.server";

export interface EventsChurch {
  name: string;
  timeZone: string;
  /** One line: "123 Main St, Springfield, IL 62701". */
  addressLine: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string } | null;
}

/** What every events page and feed needs of the church: its name, time zone and address. */
export function getEventsChurch(db: AppDatabase, language: Language): Promise<EventsChurch> {
  // Once per content version in the production server (content-memo.server.ts).
  return byContentVersion(`events-church ${language}`, () => readEventsChurch(db, language));
}

async function readEventsChurch(db: AppDatabase, language: Language): Promise<EventsChurch> {
  const settings = await readChurchSettings(db);
  if (!settings) return { name: "", timeZone: "UTC", addressLine: "", address: null };
  const address = {
    street: settings.streetAddress,
    city: settings.city,
    region: settings.region,
    postalCode: settings.postalCode,
    country: settings.country,
  };
  return {
    name: localize(language, settings.nameEn, settings.nameEs),
    timeZone: settings.timeZone,
    address,
    addressLine: [address.street, address.city, [address.region, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
  };
}
