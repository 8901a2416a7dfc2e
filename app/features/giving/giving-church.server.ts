import { localize } from "~/i18n/localize";
import { validZone } from "~/platform/church/church-calendar.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** What giving pages, receipts and statements say about the church. */
export interface GivingChurch {
  name: string;
  /** Street, then "City, Region PostalCode". */
  addressLines: string[];
  timeZone: string;
  feePercentBp: number;
  feeFixedCents: number;
  /** Text-to-give, when both the number and keyword are set. */
  text: { keyword: string; number: string } | null;
}

export async function getGivingChurch(db: AppDatabase, language: Language): Promise<GivingChurch> {
  const row = await readChurchSettings(db);
  if (!row) return { name: "", addressLines: [], timeZone: "UTC", feePercentBp: 0, feeFixedCents: 0, text: null };
  return {
    name: localize(language, row.nameEn, row.nameEs),
    addressLines: [row.streetAddress, `${row.city}, ${row.region} ${row.postalCode}`.trim()].filter(
      (line) => line.replace(/[ ,]/g, "") !== "",
    ),
    timeZone: validZone(row.timeZone),
    feePercentBp: row.givingFeePercentBp,
    feeFixedCents: row.givingFeeFixedCents,
    text: row.givingTextNumber && row.givingTextKeyword ? { keyword: row.givingTextKeyword, number: row.givingTextNumber } : null,
  };
}
