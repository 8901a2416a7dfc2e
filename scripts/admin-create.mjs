// `npm run admin:create -- --email E --password P --name N [--scopes admin:*]`
// Compiles app/features/admin/run-admin-create.server.ts on the fly with Vite (as the dev
// server does), so the command uses the app's own code and needs no build.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (existsSync(path.join(process.cwd(), ".env"))) process.loadEnvFile(path.join(process.cwd(), ".env"));

const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { "~": path.join(root, "app") } },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let code = 1;
try {
  const { runAdminCreate } = await vite.ssrLoadModule("/app/features/admin/run-admin-create.server.ts");
  code = await runAdminCreate(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await vite.close();
}
process.exit(code);
