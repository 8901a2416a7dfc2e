import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Route modules are fetched on demand on client navigation ("Loading page..." while they load).
  // Lazy discovery: the first load carries only the routes of the page; the routes its links
  // lead to come from /__manifest as they render. With the whole table (now over 70 routes,
  // most of them admin) in every first load, the manifest alone was 3.7 KB gzip.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
