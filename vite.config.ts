import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
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
  plugins: [tailwindcss(), reactRouter()],
}));
