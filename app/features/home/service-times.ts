import type { ServiceTime } from "~/platform/church/get-church-profile.server";

/**
 * The service the home page headlines (the one marked main in settings, else the first)
 * and the rest, in their configured order.
 */
export function splitMainService(times: readonly ServiceTime[]): { main: ServiceTime | null; others: ServiceTime[] } {
  const main = times.find((time) => time.isMainService) ?? times[0] ?? null;
  return { main, others: times.filter((time) => time !== main) };
}
