import { getAuth } from "~/server/auth.server";
import { cookieHeaders } from "./auth-request.server";

/** Ends this device's session (`everywhere`: every session of the member). Always clears the cookie. */
export async function signOut(options: { request: Request; everywhere?: boolean }): Promise<Headers> {
  const api = getAuth().api;
  const { request } = options;
  if (options.everywhere) {
    await api.revokeSessions({ headers: request.headers }).catch(() => undefined);
  }
  try {
    const result = await api.signOut({ headers: request.headers, returnHeaders: true });
    return cookieHeaders(result.headers);
  } catch {
    return cookieHeaders(undefined);
  }
}
