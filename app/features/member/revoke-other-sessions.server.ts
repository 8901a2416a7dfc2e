import { cookieHeaders, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";

/** Signs the member out on every other browser and device; this one stays signed in. */
export async function revokeOtherSessions({ request }: { request: Request }): Promise<AuthOutcome> {
  try {
    const result = await getAuth().api.revokeOtherSessions({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
