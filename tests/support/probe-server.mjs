// The production server (build/server/index.js, one process, as `npm start` runs it without
// workers) with a probe for tests, over the IPC channel only: how many timers are live and how
// much heap is in use after a full garbage collection. Run as `node --expose-gc probe-server.mjs`
// from a snapshot of the build (tests/support/app-server.ts, `entry`).
import path from "node:path";
import { pathToFileURL } from "node:url";

process.on("message", (message) => {
  if (message?.type !== "probe") return;
  // Twice: what the first collection frees can let the second free more (weak maps, finalisers).
  globalThis.gc?.();
  globalThis.gc?.();
  const resources = process.getActiveResourcesInfo();
  process.send?.({
    type: "probe",
    id: message.id,
    timers: resources.filter((name) => name === "Timeout").length,
    sockets: resources.filter((name) => name === "TCPSocketWrap").length,
    heapUsed: process.memoryUsage().heapUsed,
  });
});

const { startServer } = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
await startServer();
