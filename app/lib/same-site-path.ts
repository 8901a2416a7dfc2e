/**
 * The one way to turn an address taken from a request (the page's own path, a `redirectTo`
 * parameter) into a link or redirect that stays on this site.
 *
 * A request for `//evil.example/phish` (or `/\evil.example`, which the URL parser reads as the
 * same) is a path on this server, but written back into a page as `href="//evil.example/…"`
 * or a `Location` it is another host (issue 32, item 6). So: resolve the address with the
 * WHATWG URL parser, as a browser will, against the site's origin; refuse it if it lands on
 * another origin; collapse a leading run of slashes and backslashes, plain or percent-encoded,
 * to one `/`; and repeat until nothing changes, since parsing can itself produce a leading `//`
 * (`/.//evil.example`, `/admin/..//evil.example`).
 */

/** Resolves paths when the caller gives no origin: only a path can land on it. */
const PLACEHOLDER_ORIGIN = "http://same-site.invalid";
/** What the URL parser removes anywhere in an address, so `/\t/evil` would be `//evil` to a browser. */
const STRIPPED_BY_PARSER = /[\t\n\r]/g;
/** What it removes from the start: C0 control characters and the space. */
const LEADING_IGNORED = /^[\u0000-\u0020]+/;
/** Before parsing: a leading `//`, `/\`, `\\` makes the parser read a host. */
const LEADING_SLASHES = /^[/\\]+/;
/** After parsing (a path has no backslashes then): slashes, also encoded (`/%2F%2Fevil`, `/%5Cevil`). */
const LEADING_PATH_SLASHES = /^(?:\/|%2f|%5c)+/i;

export interface SameSitePathOptions {
  /**
   * The site's own origin (or any URL on it). Only needed to accept an absolute URL on the
   * site (`https://church.example/about` → `/about`); without it only paths are accepted.
   */
  origin?: string;
  /** The answer for an address on another origin or no address at all. Default `/`. */
  fallback?: string;
}

/**
 * `pathname + search (+ hash)` of `value` on this site, always starting with exactly one `/`,
 * or `fallback` when `value` is empty, unparseable or on another origin.
 */
export function sameSitePath(value: string | null | undefined, options: SameSitePathOptions = {}): string {
  const fallback = options.fallback ?? "/";
  if (!value) return fallback;
  let base: string;
  try {
    base = options.origin ? new URL(options.origin).origin : PLACEHOLDER_ORIGIN;
  } catch {
    return fallback;
  }
  let candidate = value.replace(STRIPPED_BY_PARSER, "").replace(LEADING_IGNORED, "").replace(LEADING_SLASHES, "/");
  // A round returns, or removes a dot segment or slash the last one left at the start; an input
  // that still changes after ten rounds is no address anyone links to.
  for (let round = 0; round < 10; round++) {
    let url: URL;
    try {
      url = new URL(candidate, base);
    } catch {
      return fallback;
    }
    if (url.origin !== base) return fallback;
    const next = url.pathname.replace(LEADING_PATH_SLASHES, "/") + url.search + url.hash;
    if (next === candidate) return next;
    candidate = next;
  }
  return fallback;
}
