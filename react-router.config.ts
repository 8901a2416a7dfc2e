import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Route modules are fetched on demand on client navigation ("Loading page..." while they load).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
