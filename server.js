// Launcher. Production runs the compiled server (build/server/index.js, built from
// server/app.ts); development compiles the same file on demand with Vite.
const production = process.env.NODE_ENV === "production";

try {
  if (production) {
    const { startServer } = await import("./build/server/index.js");
    await startServer();
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
