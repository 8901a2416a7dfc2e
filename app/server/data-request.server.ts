/**
 * React Router 8 hands loaders and actions the raw request (and the page's own address as their
 * `url` argument): a client navigation's data request is `/events.data?_routes=…`
 * (`/events/_.data` for `/events/`, `/_.data` for `/`), an index route's action is posted to
 * `…?index`. These give the page a request belongs to, as React Router derives `url`
 * (server-runtime getNormalizedPath, then createDataFunctionUrl), for code that sees only the
 * request (the Express layer, the page cache, requireAdmin's login redirect).
 */
import { dataRequestPagePath } from "~/lib/data-request-path";

export { dataRequestPagePath };

/** The address of the page a request is for: no `.data` suffix, no `_routes`, no bare `index`. */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  const page = dataRequestPagePath(url.pathname);
  if (page !== null) url.pathname = page;
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  // A bare `index` marks an index route's action; an `index` with a value is the page's own.
  const index = query.getAll("index").filter(Boolean);
  query.delete("index");
  for (const value of index) query.append("index", value);
  url.search = query.size > 0 ? `?${query}` : "";
  return url;
}
