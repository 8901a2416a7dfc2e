/** "19:00" → { hour: 7, minute: "00", period: "pm" }; deterministic on server and browser. */
export function parseClock(hhmm: string): { hour: number; minute: string; period: "am" | "pm" } {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`Invalid time "${hhmm}"`);
  const h = Number(match[1]);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: match[2]!, period: h < 12 ? "am" : "pm" };
}

/**
 * Formats with the language's AM/PM words: "9:30 AM", "9:30 a. m.". The space before the
 * period is non-breaking so a narrow column never leaves "AM" alone on the next line.
 */
export function formatClock(hhmm: string, words: { am: string; pm: string }): string {
  const { hour, minute, period } = parseClock(hhmm);
  return `${hour}:${minute}\u00a0${words[period]}`;
}
