/** Spec: each Try Again / Retry clears the error; after 3 retries the next one reloads. */
export const MAX_RETRIES = 3;

export type RetryAction = "retry" | "reload";

export function nextRetryAction(retriesSoFar: number, maxRetries = MAX_RETRIES): RetryAction {
  return retriesSoFar >= maxRetries ? "reload" : "retry";
}
