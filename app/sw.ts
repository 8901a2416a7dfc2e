/// <reference lib="webworker" />
// The service worker (issue 9), built by vite-plugin-pwa (injectManifest) to build/client/sw.js.
// - Precache: the stylesheet and icons (from the build), plus at install the home page and the
//   offline page (both languages) with all the build files they load, at once or on demand (read
//   from their HTML and scripts, so always this deployment's). The home page is kept again when
//   a page has emptied the pages cache at sign-out.
// - Key public pages: network first (a few seconds), the last good copy offline, kept with the
//   build files they load on demand.
// - Other public navigations: network only; on failure, the offline page.
// - Never touched: /admin, /auth, /settings, /stripe, /assistant, non-GET requests. Never
//   cached: responses marked private/no-store (every signed-in page that shows personal data). `.data`
//   requests go to the network; offline they turn into a document load (see below). So does a
//   link to a route the page has not discovered yet (React Router's /__manifest fails offline):
//   the error boundary loads it as a document (app/features/errors/network-failure.ts).
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  assetsIn,
  chunksIn,
  isCachedPage,
  isHandledNavigation,
  KEEP_HOME_MESSAGE,
  OFFLINE_CACHE,
  offlineKey,
  PAGES_CACHE,
  SHELL_CACHE,
} from "~/features/pwa/sw-rules";
import { dataRequestPagePath } from "~/lib/data-request-path";

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

type Lang = "en" | "es";
const browserLanguage = (): Lang => (self.navigator.language.toLowerCase().startsWith("es") ? "es" : "en");
/** The language of the last page the network served (its Content-Language). */
let lastLanguage: Lang | null = null;

/** Only a complete, shareable answer: 200, not redirected, not private or no-store. */
const shareable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200 || response.redirected || response.type !== "basic") return null;
    if (/\b(?:private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "")) return null;
    return response;
  },
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    const language = response.headers.get("Content-Language");
    if (language === "en" || language === "es") lastLanguage = language;
    return response;
  },
};

/**
 * A kept page answers its address whatever the request's headers. Pages vary on Cookie and
 * Accept-Language, and a navigation's Accept-Language is not that of the worker's own request at
 * install: matched strictly, the home page kept then never answered offline.
 */
const pageMatch: CacheQueryOptions = { ignoreVary: true };
/** A page kept for offline reading brings what it loads on demand (see `cacheAssetsOf`). */
const keepPageAssets = {
  // Workbox hands the plugin its own copy of the response it has just kept.
  cacheDidUpdate: async ({ newResponse }: { newResponse: Response }) => {
    await cacheAssetsOf(newResponse).catch(() => undefined);
  },
};

registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isCachedPage(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 4,
    matchOptions: pageMatch,
    plugins: [shareable, keepPageAssets, new ExpirationPlugin({ maxEntries: 40 })],
  }),
);
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isHandledNavigation(url.pathname),
  new NetworkOnly({ plugins: [{ fetchDidSucceed: shareable.fetchDidSucceed }] }),
);
// A client-side navigation's data (`/events.data`; `/_.data` for `/`, `/events/_.data` for
// `/events/`), never cached: offline, React Router is told to load the page as a document
// instead, which the routes above answer (the page kept for offline reading, else the offline
// page) rather than an error screen.
registerRoute(
  ({ request, url }) => {
    const page = dataRequestPagePath(url.pathname);
    return request.method === "GET" && url.origin === self.location.origin && page !== null && isHandledNavigation(page);
  },
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const path = dataRequestPagePath(url.pathname) ?? "/";
      const params = new URLSearchParams(url.search);
      params.delete("_routes");
      const search = params.size > 0 ? `?${params}` : "";
      return new Response(null, { status: 204, headers: { "X-Remix-Redirect": path + search, "X-Remix-Reload-Document": "true" } });
    }
  },
);
// Hashed, immutable build files (scripts of pages visited while online).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/") && request.method === "GET",
  new CacheFirst({
    cacheName: SHELL_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 86_400 })],
  }),
);

// A navigation that failed: the offline page in the visitor's language (its own URL, so the
// page hydrates as what it is).
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate" || !url) return Response.error();
  const asked = url.searchParams.get("lang");
  const language: Lang = asked === "es" || asked === "en" ? asked : (lastLanguage ?? browserLanguage());
  if (url.pathname === "/offline") {
    const cached = await caches.open(OFFLINE_CACHE).then((cache) => cache.match(offlineKey(language)));
    return cached ?? Response.error();
  }
  return Response.redirect(new URL(`/offline?lang=${language}`, self.location.origin).href, 302);
});

/** The offline page in one language, as a visitor (no cookies: never a member's page). */
async function fetchOffline(language: Lang): Promise<Response> {
  const response = await fetch(new Request("/offline", { credentials: "omit", headers: { "Accept-Language": language } }));
  if (!response.ok) throw new Error(`offline page: ${response.status}`);
  return response;
}

/** Build files whose own imports are kept already (hashed names: their contents never change). */
const followed = new Set<string>();

/**
 * What a page needs to run offline, kept: the scripts and stylesheets its HTML names, and all
 * that those load by themselves, at once or on demand, to the end: the phone menu's panel, the
 * sign-in dialog, the sections hydrated after the first paint, the string tables. Without them a
 * page from the cache hydrated, then failed at its first lazy part (~75 KB gzip for the home
 * page, fetched once; files already kept are not fetched again).
 */
async function cacheAssetsOf(page: Response): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  let next = assetsIn(await page.clone().text()).filter((asset) => !followed.has(asset));
  while (next.length > 0) {
    const kept = await Promise.all(next.map((asset) => cache.match(asset)));
    await cache.addAll(next.filter((_, index) => !kept[index]));
    const scripts = await Promise.all(
      next.filter((asset) => asset.endsWith(".js")).map((asset) => cache.match(asset).then((response) => response?.text() ?? "")),
    );
    for (const asset of next) followed.add(asset);
    next = chunksIn(scripts.join("\n")).filter((asset) => !followed.has(asset));
  }
}

/** The home page and what it loads: the app shell. */
async function cacheHomeShell(): Promise<void> {
  const home = await fetch(new Request("/", { credentials: "omit" }));
  if (!home.ok) return;
  await cacheAssetsOf(home);
  const keep = await shareable.cacheWillUpdate({ response: home });
  if (keep) await caches.open(PAGES_CACHE).then((cache) => cache.put("/", keep));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      const [en, es] = await Promise.all([fetchOffline("en"), fetchOffline("es")]);
      // Its scripts and string tables too (the same files in both languages): it hydrates
      // offline, like the pages kept.
      await Promise.all([
        cache.put(offlineKey("en"), en.clone()),
        cache.put(offlineKey("es"), es),
        cacheAssetsOf(en).catch(() => undefined),
      ]);
      // The home page and its scripts are a help, not a condition: no failure there stops the install.
      await cacheHomeShell().catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});
// A page emptied the pages cache at sign-out (install-state.ts): the home page again, as kept at install.
self.addEventListener("message", (event) => {
  if (event.data === KEEP_HOME_MESSAGE) event.waitUntil(cacheHomeShell().catch(() => undefined));
});
clientsClaim();
