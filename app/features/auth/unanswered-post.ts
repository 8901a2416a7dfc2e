import { data } from "react-router";
import type { AuthActionData } from "./run-auth-intent.server";

/**
 * The `clientAction` of the auth pages (/auth, /auth/reset-password): with JavaScript every
 * form posts through a fetcher, and a POST that never gets an answer (offline, connection
 * reset, a proxy's error page) would throw and replace the whole page with the error screen.
 * Here the form says 'Something went wrong' instead. The 503 also keeps the loaders from
 * revalidating over the same broken connection. Without JavaScript this never runs: the form
 * posts to the route's `action` as plain HTML.
 */
export async function answerUnansweredPost<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    // A redirect is an answer, not a failure.
    if (error instanceof Response) throw error;
    // A new object each time: the forms tell answers apart by identity.
    const failure: AuthActionData = { ok: false, intent: null, error: { key: "errors.generic" } };
    return data(failure, { status: 503 });
  }
}
