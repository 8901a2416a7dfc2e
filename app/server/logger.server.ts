import pino from "pino";
import { LOG_LEVELS } from "./env.server";

/**
 * The logger exists before the environment is validated (modules log while they load), so it
 * reads LOG_LEVEL itself. An unknown value falls back to `info` instead of pino throwing at
 * import with a message that names no variable; env validation then reports LOG_LEVEL.
 */
export function resolveLogLevel(source: Record<string, string | undefined> = process.env): string {
  const requested = source.LOG_LEVEL;
  if (requested && (LOG_LEVELS as readonly string[]).includes(requested)) return requested;
  if (!requested && source.NODE_ENV === "test") return "silent";
  return "info";
}

export const logger = pino({
  level: resolveLogLevel(),
  base: undefined,
});
