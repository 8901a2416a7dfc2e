import { dateTimeFormat } from "~/i18n/intl-format";

/** "10:42 AM" in the church's time zone: server and browser render the same text. */
export function formatChatTime(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** "Sunday, October 5, 11:00 AM" in the church's time zone. */
export function formatServiceWhen(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(language, {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));
}
