// Launcher. Production runs the compiled server (build/server/index.js, built from
// server/app.ts); development compiles the same file on demand with Vite.
import { existsSync } from "node:fs";

// Node.js 24 or newer (ADR 031). `npm install` brings it on a machine with an older one, and
// `npm start` / `npm test` run it; `node server.js` typed by hand runs the machine's own.
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 24) {
  console.error(
    `The church website needs Node.js 24 or newer; this is Node.js ${process.versions.node}. ` +
      "Start it with `npm start` after `npm install` (which brings Node.js 24), or install Node.js 24.",
  );
  process.exit(1);
}

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
