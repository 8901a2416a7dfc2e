import { matchRoutes, type RouteObject } from "react-router";

/**
 * The routes whose pages the page cache may share between signed-out visitors (ADR 019, issue
 * 32): public pages only, by route id (app/routes.ts). Cacheability is decided from the route a
 * request matches, as React Router matches it (decoded, case-insensitive, trailing slash and
 * `.data` ignored), never from a path pattern: `/Prayer/events` and `/%70rayer/events` are the
 * live-count stream, not a page, and step aside like `/prayer/events`. Every route not listed
 * here (resource routes, streams, feeds, personal and transactional pages, the admin portal) is
 * rendered by the normal handler. Whether a listed page is kept is still its answer's to say
 * (status 200, no cookie, a Cache-Control that allows sharing).
 */
export const SHARED_PAGE_ROUTE_IDS: ReadonlySet<string> = new Set([
  "routes/site/home",
  "routes/visit/plan-visit",
  "routes/membership/join-church",
  "routes/membership/kingdom-builders-class",
  "routes/site/about",
  "routes/site/privacy",
  "routes/study/study",
  "routes/study/reading-plan",
  "routes/study/past-bible-studies",
  "routes/study/study-guide",
  "routes/sermons/sermons",
  "routes/sermons/sermon",
  "routes/events/events",
  "routes/events/event",
  "routes/prayer/prayer",
  "routes/prayer/prayer-generator",
  "routes/giving/give",
  "routes/community/community",
  "routes/community/group",
  "routes/watch/watch",
  "routes/store/store",
  "routes/store/product",
  "routes/site/admin-test",
  "routes/pwa/offline",
  // Not the site's "page not found" (`*`): it is what every path outside React Router's routes
  // matches, `/healthz`, `/readyz` and the static files served after the cache among them.
]);

/** How many paths' answers `createSharedPageTest` keeps. */
const MAX_REMEMBERED_PATHS = 2000;

/** One entry of a server build's route manifest (`build.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The route id a path matches, as React Router's request handler matches it, or undefined. */
export type RouteIdOf = (pathname: string) => string | undefined;

/**
 * The matcher of a build's routes: the same tree React Router's handler builds from the
 * manifest, matched with its own `matchRoutes`.
 */
export function createRouteMatcher(manifest: Record<string, ManifestRoute | undefined>): RouteIdOf {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route): RouteObject => {
      if (route.index) return { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive };
      const children = tree(route.id);
      return { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children.length > 0 ? children : undefined };
    });
  const routes = tree(undefined);
  return (pathname) => {
    // As React Router normalises a request's path before matching (server-runtime/urls.ts).
    const path = pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    let matches;
    try {
      matches = matchRoutes(routes, path);
    } catch {
      // A path React Router cannot decode is not a page to share.
      return undefined;
    }
    return matches?.at(-1)?.route.id;
  };
}

/** Whether a path (without `.data`) is one of the shared pages. */
export function createSharedPageTest(
  manifest: Record<string, ManifestRoute | undefined>,
  ids: ReadonlySet<string> = SHARED_PAGE_ROUTE_IDS,
) {
  const routeOf = createRouteMatcher(manifest);
  // `matchRoutes` flattens and ranks the whole route table on every call: the answer per path
  // is kept (a bounded memo, emptied when full), so a page-cache hit costs one Map lookup.
  const known = new Map<string, boolean>();
  return (pathname: string): boolean => {
    const memo = known.get(pathname);
    if (memo !== undefined) return memo;
    const id = routeOf(pathname);
    const shared = id !== undefined && ids.has(id);
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(pathname, shared);
    return shared;
  };
}
