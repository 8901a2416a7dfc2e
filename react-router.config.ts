import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Route modules are fetched on demand on client navigation ("Loading page..." while they load).
  // Lazy discovery: the first load carries only the routes of the page; the routes its links
  // lead to come from /__manifest as they render. With the whole table (now over 70 routes,
  // most of them admin) in every first load, the manifest alone was 3.7 KB gzip.
  routeDiscovery: { mode: "lazy" },
  // One chunk per route module (React Router 8 splits clientLoader/clientAction off by default).
  // Only /auth, /auth/reset-password and /settings have a splittable export (a clientAction), and
  // the auth forms preload the whole /auth module anyway (ADR 011); split, every public page's
  // first load was the same and /auth's 0.1 KB larger, in one request more (bench/README.md).
  splitRouteModules: false,
} satisfies Config;
