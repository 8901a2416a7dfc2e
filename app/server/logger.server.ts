import cluster from "node:cluster";
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

/** One logged error as the health page shows it: no stack, no objects, no credentials. */
export interface RecentError {
  time: string;
  level: "error" | "fatal";
  message: string;
  /** The error's class or code (`ECONNREFUSED`, `TypeError`), when one was logged. */
  code: string | null;
}

const RECENT_ERRORS_LIMIT = 50;
const MESSAGE_LIMIT = 300;
const ERROR_LEVEL = 50;
const recent: RecentError[] = [];

/** Credentials in URLs (`postgres://user:pass@host`) and bearer tokens are never kept. */
function scrub(text: string): string {
  return text
    .replace(/\/\/[^\s/@:]+:[^\s/@]+@/g, "//***:***@")
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, "$1 ***")
    .slice(0, MESSAGE_LIMIT);
}

function describe(args: unknown[]): { message: string; code: string | null } {
  const [first, second] = args;
  let message = "";
  let code: string | null = null;
  const errorOf = (value: unknown) => (value instanceof Error ? value : null);
  if (typeof first === "string") {
    message = first;
  } else {
    if (typeof second === "string") message = second;
    const err =
      errorOf(first) ??
      (first && typeof first === "object" ? errorOf((first as { err?: unknown }).err ?? (first as { error?: unknown }).error) : null);
    if (err) {
      const errCode = (err as { code?: unknown }).code;
      code = typeof errCode === "string" && /^[\w.-]{1,40}$/.test(errCode) ? errCode : err.name;
      if (!message) message = err.message;
    }
  }
  return { message: scrub(message), code };
}

/** Remembers one error-level entry; the oldest goes once there are fifty. */
function remember(level: number, args: unknown[]): void {
  const { message, code } = describe(args);
  recent.push({ time: new Date().toISOString(), level: level >= 60 ? "fatal" : "error", message, code });
  if (recent.length > RECENT_ERRORS_LIMIT) recent.splice(0, recent.length - RECENT_ERRORS_LIMIT);
}

/** The last fifty error and fatal entries of this process, newest first (the health page). */
export function recentErrors(): RecentError[] {
  return recent.slice().reverse();
}

/** Only for tests. */
export function clearRecentErrors(): void {
  recent.length = 0;
}

/** A logger that writes as before and also remembers its errors for `recentErrors()`. */
export function createLogger(level: string = resolveLogLevel(), destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    // One process writes no pid; the workers of cluster mode (server/cluster.js) each say theirs.
    base: cluster.isWorker ? { pid: process.pid, role: "worker" } : undefined,
    hooks: {
      logMethod(args, method, methodLevel) {
        if (methodLevel >= ERROR_LEVEL) {
          try {
            remember(methodLevel, args);
          } catch {
            // Remembering must never stop the entry from being written.
          }
        }
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
