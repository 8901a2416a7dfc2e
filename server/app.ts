import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { seedDemoChurch } from "~/features/content/seed-demo-church.server";
import { getDatabase, openDatabase, setDatabase } from "~/server/db.server";
import { getEnv, siteUrl, type Env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
} from "~/server/security-headers.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

export interface CreateAppOptions {
  env: Env;
  /** Development: Vite serves the assets and compiles the app on demand. */
  vite?: ViteDevServer;
}

export function createApp({ env, vite }: CreateAppOptions): Express {
  const app = express();
  const https = siteUrl(env).startsWith("https://");
  const headers = baseSecurityHeaders({ https });

  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", true);
  app.use(compression());
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await getDatabase().ping();
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  let build: () => Promise<ServerBuild>;
  if (vite) {
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Media and icons change rarely (uploads get new names); other public files daily.
    for (const folder of ["media", "icons"]) {
      app.use(`/${folder}`, express.static(path.join(clientDir, folder), { maxAge: "30d", index: false }));
    }
    app.use(express.static(clientDir, { maxAge: "1d", index: false }));
    build = () => import("virtual:react-router/server-build");
  }

  app.use((_req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    if (!vite) res.set("Content-Security-Policy", contentSecurityPolicy(nonce, { https }));
    next();
  });
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: vite ? "development" : "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return app;
}

export interface StartServerOptions {
  vite?: ViteDevServer;
}

/** Start-up: validate the environment, open and migrate the database, seed, listen. */
export async function startServer({ vite }: StartServerOptions = {}): Promise<Server> {
  const env = getEnv();
  const startedAt = Date.now();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(handle);
  await handle.migrate();
  if (env.SEED_DEMO) await seedDemoChurch({ db: handle.db });
  logger.info(
    { database: handle.kind, ms: Date.now() - startedAt },
    "database migrated and ready",
  );

  const app = createApp({ env, vite });
  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ url: `http://${env.HOST}:${port}`, siteUrl: siteUrl(env) }, "server listening");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Never hang on shutdown: a hard deadline inside the 5 s promise.
    setTimeout(() => process.exit(0), 4000).unref();
    server.close();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1500).unref();
    void handle
      .close()
      .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}

