import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: "test" },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser and one server for the whole run; files share them sequentially.
          fileParallelism: false,
        },
      },
    ],
  },
});
