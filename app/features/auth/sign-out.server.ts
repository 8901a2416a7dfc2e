import { isAPIError } from "better-auth/api";
import { getAuth } from "~/server/auth.server";
import { cookieHeaders } from "./auth-request.server";

/** Ends this device's session (`everywhere`: every session of the member). Always clears the cookie. */
export async function signOut(options: { request: Request; everywhere?: boolean }): Promise<Headers> {
  const api = getAuth().api;
  const { request } = options;
  if (options.everywhere) {
    // No valid session means nothing to revoke; any other failure must not be reported as
    // "signed out everywhere" while other devices stay signed in.
    await api.revokeSessions({ headers: request.headers }).catch((error: unknown) => {
      if (!isAPIError(error)) throw error;
    });
  }
  try {
    const result = await api.signOut({ headers: request.headers, returnHeaders: true });
    return cookieHeaders(result.headers);
  } catch {
    return cookieHeaders(undefined);
  }
}
