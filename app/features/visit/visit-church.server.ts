import { formatClock } from "~/platform/church/format-service-time";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { churchToday, validZone } from "~/platform/church/church-calendar.server";
import type { Language } from "~/i18n/config";
import { loadTranslation } from "~/i18n/i18n";
import { createTranslator } from "~/i18n/translator";
import type { AppDatabase } from "~/server/db.server";

export interface VisitChurch {
  name: string;
  timeZone: string;
  /** One line: "123 Main St, Springfield, IL 62701". */
  address: string;
  serviceTimes: { name: string; when: string }[];
}

/** The church facts a visit confirmation carries, in `language`. */
export async function getVisitChurch(db: AppDatabase, language: Language): Promise<VisitChurch> {
  const [church, strings] = await Promise.all([getChurchProfile({ db, language }), loadTranslation(language)]);
  const { t } = createTranslator(language, strings);
  if (!church) return { name: "", timeZone: "UTC", address: "", serviceTimes: [] };
  const { street, city, region, postalCode } = church.address;
  return {
    name: church.name,
    timeZone: validZone(church.timeZone),
    address: [street, city, [region, postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    serviceTimes: church.serviceTimes.map((time) => ({
      name: time.name,
      when: t("time.serviceLine", {
        day: t(`time.days.${String(time.dayOfWeek) as "0"}`),
        time: formatClock(time.startTime, { am: t("time.am"), pm: t("time.pm") }),
      }),
    })),
  };
}

export { churchToday };
