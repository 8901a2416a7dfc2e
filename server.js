// Launcher. Production runs the compiled server (build/server/index.js, built from
// server/app.ts); development compiles the same file on demand with Vite.
import { existsSync } from "node:fs";

try {
  // Settings from `.env` in the working directory (see .env.example). A variable already set
  // in the environment wins: loadEnvFile never overrides one.
  if (existsSync(".env")) process.loadEnvFile(".env");

  if (process.env.NODE_ENV === "production") {
    // One process, or with PostgreSQL and WEB_CONCURRENCY a primary and its workers (ADR 027).
    const { startProcesses } = await import("./server/cluster.js");
    await startProcesses(async () => {
      const { startServer } = await import("./build/server/index.js");
      await startServer();
    });
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const { startServer } = await vite.ssrLoadModule("./server/app.ts");
    await startServer({ vite });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
