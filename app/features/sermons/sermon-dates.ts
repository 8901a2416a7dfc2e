import type { Language } from "~/i18n/config";
import { dateTimeFormat } from "~/i18n/intl-format";

/** A sermon's date ("2025-03-09", a calendar day with no time) in the reader's language. */
export function formatSermonDate(date: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** 75 → "1:15"; 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
