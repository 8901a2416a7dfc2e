/** PostgreSQL's unique_violation (23505), on the error or anywhere down its `cause` chain (drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * Socket errors of a database that cannot be reached (stopped, restarting, network gone). Only
 * ever checked on errors that came out of a database call, never on other network errors.
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that say "the server is not available", not "your query is wrong": class 08
 * (connection exception), 57P01–57P03 (administrator/crash shutdown, cannot connect now:
 * starting up or shutting down) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;

/** node-postgres reports a dropped connection by message only, without a code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a
 * network cut), on the error or anywhere down its `cause` chain (drizzle and better-auth wrap
 * driver errors). Such a failure is the server's temporary state, not a bug: it is answered
 * 503 with Retry-After, never 500 (database-outage.server.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
