import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our Express app, so start-up code (env, migrations,
    // seed, shutdown) is compiled TypeScript like the rest of the app.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    // PGlite loads its WASM and data files relative to its own module file.
    external: ["@electric-sql/pglite", "pg", "pino"],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The service worker (app/sw.ts → build/client/sw.js), client build only. The manifest is
    // a route (/manifest.webmanifest, both languages) and the page registers the worker itself.
    isSsrBuild
      ? null
      : VitePWA({
          strategies: "injectManifest",
          srcDir: "app",
          filename: "sw.ts",
          manifest: false,
          injectRegister: false,
          devOptions: { enabled: false },
          // Only the stylesheet and icons from the build; the worker adds the home page's own
          // scripts at install (never the whole admin).
          injectManifest: { globPatterns: ["assets/app-*.css", "icons/icon-192.png", "favicon.svg"] },
        }),
  ],
}));
