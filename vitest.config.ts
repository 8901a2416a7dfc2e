import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2 cores, one, so every unit and
    // integration file ran one after another. Two workers took that part from ~8.5 to ~7 min
    // there (many integration files wait on a server or the database). The e2e files run after
    // the others, as many at a time, each worker with a server of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          include: ["tests/integration/**/*.test.ts"],
          // An empty and a migrated PGlite database, made once: each test database starts from a copy.
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test" },
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
