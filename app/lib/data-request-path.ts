/**
 * The page path of a client navigation's data request, as React Router 8 writes it:
 * `/events.data` → `/events`, `/events/_.data` → `/events/` (trailing-slash-aware data
 * requests), `/_.data` → `/`; null for any other path. Shared by the server (the page cache,
 * body limits, the admin login's way back) and the service worker.
 */
export function dataRequestPagePath(pathname: string): string | null {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return null;
}
