import { randomBytes } from "node:crypto";

/** Random bytes drawn in batches: one call to the system's generator per 256 nonces. */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;

export function createNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    noncePoolOffset = 0;
  }
  // Each byte is used once: a nonce is as unpredictable as one drawn on its own.
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** Third parties the site embeds: the map and the video players. Nothing else is allowed. */
export const frameSources = [
  "https://www.openstreetmap.org",
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://player.vimeo.com",
];

/**
 * Where a form post may be redirected: Stripe's hosted Checkout and customer portal (a
 * browser without JavaScript follows the give and store forms' redirect there, and
 * form-action covers redirects).
 */
export const paymentFormTargets = ["https://checkout.stripe.com", "https://billing.stripe.com"];

/**
 * Which inline scripts may run: those carrying this answer's nonce (a page rendered for one
 * answer), or those with these `'sha256-…'` hash sources (a stored page, the same bytes for
 * everyone, where a nonce would be repeated: ADR 019).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export function contentSecurityPolicy(scripts: InlineScripts, options: { https: boolean; formTargets?: readonly string[] }): string {
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes;
  const directives = [
    "default-src 'self'",
    ["script-src", "'self'", ...inline].join(" "),
    // Style attributes from React components (gradients, sizes); no inline <style> from users.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Sermon audio/video may be hosted elsewhere, and a live HLS stream is fetched by the
    // player (hls.js) from the streaming provider: any HTTPS origin, never plain HTTP.
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    `frame-src ${frameSources.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...paymentFormTargets, ...(options.formTargets ?? [])].join(" ")}`,
    "object-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers every response carries (the CSP is added to HTML responses with its nonce). */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
