import { formatInTimeZone, fromZonedTime } from "date-fns-tz";

export interface ServiceSlot {
  name: string;
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  /** "HH:MM", church time zone */
  startTime: string;
}

/**
 * The next start of any weekly service after `now`, on the church's wall clock (so a
 * daylight-saving change keeps 11:00 at 11:00). Null when there are no service times.
 */
export function nextServiceStart(slots: readonly ServiceSlot[], timeZone: string, now: Date): { name: string; startsAt: Date } | null {
  const today = formatInTimeZone(now, timeZone, "yyyy-MM-dd");
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  let best: { name: string; startsAt: Date } | null = null;
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = new Date(Date.UTC(y, m - 1, d + offset));
    const date = day.toISOString().slice(0, 10);
    for (const slot of slots) {
      if (slot.dayOfWeek !== day.getUTCDay() || !/^\d{2}:\d{2}$/.test(slot.startTime)) continue;
      const startsAt = fromZonedTime(`${date}T${slot.startTime}:00`, timeZone);
      if (startsAt.getTime() <= now.getTime()) continue;
      if (!best || startsAt < best.startsAt) best = { name: slot.name, startsAt };
    }
    if (best) return best;
  }
  return best;
}
