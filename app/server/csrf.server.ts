/** Methods that change nothing: no origin check, no request body to bound. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
  protocol: string;
  /** The configured public origin (PUBLIC_URL). */
  publicOrigin: string;
}

/**
 * CSRF protection for every state-changing request. Browsers send `Origin` on POST; it must
 * be the public origin or the origin the request was addressed to (so `127.0.0.1` and
 * `localhost` both work locally). Without `Origin`, a browser's `Sec-Fetch-Site` must not
 * say the request came from another site. Clients that send neither are not browsers and
 * carry no ambient cookies to abuse. SameSite=Lax session cookies are the second layer.
 */
export function isAllowedOrigin(input: OriginCheckInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  if (input.origin) {
    if (input.origin === "null") return false;
    if (input.origin === input.publicOrigin) return true;
    return Boolean(input.host) && input.origin === `${input.protocol}://${input.host}`;
  }
  if (input.secFetchSite) return input.secFetchSite === "same-origin" || input.secFetchSite === "none";
  return true;
}
