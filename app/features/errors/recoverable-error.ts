/**
 * One line for an error React recovered from (`hydrateRoot`'s `onRecoverableError`), with what
 * caused it. React's default reports such errors through `reportError`, and a production build's
 * message names only a code: #520 ("an error during concurrent rendering, recovered by
 * rendering synchronously") says nothing of the error that was thrown, which is its `cause`.
 */
export function describeRecoverableError(error: unknown, componentStack?: string): string {
  const text = (value: unknown) => (value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : String(value));
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : undefined;
  const where = componentStack?.trim().split("\n").slice(0, 6).join("\n");
  return [
    `React recovered from an error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    cause === undefined ? "" : `\ncaused by: ${text(cause)}`,
    where ? `\nin:\n${where}` : "",
  ].join("");
}
