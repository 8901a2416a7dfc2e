import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/** What both integration projects share. */
const integration = {
  include: ["tests/integration/**/*.test.ts"],
  // An empty and a migrated PGlite database, made once: each test database starts from a copy.
  globalSetup: ["tests/support/integration-global-setup.ts"],
  setupFiles: ["tests/support/fail-on-console-error.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  env: { NODE_ENV: "test" },
};
const ISOLATED_INTEGRATION = "tests/integration/fuzz-endpoints.test.ts";

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2 cores, one, so every unit and
    // integration file ran one after another. Two workers took that part from ~8.5 to ~7 min
    // there (many integration files wait on a server or the database). The e2e files run after
    // the others, as many at a time, each worker with a server of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // On CI, also every file's start and end (test-results/vitest.json): `npm run test:times`
    // prints each project's wall time and the slowest files from it.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results/vitest.json" }]] : ["default"],
    // Vitest 5: inline projects inherit this config (`extends` defaults to true), the `~` alias
    // included, and share its Vite server.
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          ...integration,
          exclude: [...configDefaults.exclude, ISOLATED_INTEGRATION],
          setupFiles: [...integration.setupFiles, "tests/support/restore-environment.ts"],
          // The files of a worker share one module graph: the app's modules are imported once per
          // worker instead of once per file (integration took ~300 s with each file isolated, ~220 s
          // shared, bench/README.md). The app keeps no state between databases that a file could
          // see from another (caches are keyed by database or reset by the file that sets them).
          isolate: false,
        },
      },
      {
        test: {
          // fuzz-endpoints sets DATA_DIR and LOG_LEVEL before any app module reads them (its
          // uploads go to a folder of its own, every error is logged and remembered): it needs
          // modules of its own, so it runs in a project that isolates its files.
          name: "integration-isolated",
          ...integration,
          include: [ISOLATED_INTEGRATION],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page's answer (a message shown, an email written to the outbox) takes longer than
          // vitest's 1 s default for expect.poll on a loaded 2-core machine; a poll that can be
          // met ends as soon as it is.
          expect: { poll: { timeout: 15_000 } },
          // One browser for the whole run and one server per worker (tests/support/e2e-server.ts):
          // files run side by side, each against its own server and database. After the unit
          // and integration files (groupOrder), whose timing-sensitive tests (rate-limit windows,
          // enumeration timings) then never share the CPU with two servers and a browser.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
