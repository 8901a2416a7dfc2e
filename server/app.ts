import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createRouterHandler } from "react-router";
import compression from "compression";
import express, { type Express } from "express";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ADMIN_COOKIE } from "~/platform/admin/admin-session.server";
import { holdEmbeddedDatabase } from "~/features/admin/embedded-database-lock.server";
import { clearSetupCode, ensureSetupCode } from "~/features/admin/setup/setup-code.server";
import { AdministratorInputError, createAdministrator, type CreateAdministratorInput } from "~/features/admin/create-administrator.server";
import { ControlCommandError, startControlSocket } from "~/server/control-socket.server";
import { backupFromServer } from "~/server/backup.server";
import { resolveAdminSession } from "~/platform/admin/resolve-admin-session.server";
import { appVersion, readMigrationStatus, uptimeSeconds } from "~/features/admin/health/system-info.server";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { createAuth, getAuth, resolveAuthSecret, setAuth } from "~/server/auth.server";
import { isAllowedOrigin, SAFE_METHODS } from "~/server/csrf.server";
import { createMailTransport } from "~/server/mail.server";
import { configureMessaging, stopMessaging } from "~/server/messaging.server";
import { scheduleEventReminders } from "~/features/events/schedule-event-reminders.server";
import { scheduleDataRetention } from "~/features/privacy/schedule-data-retention.server";
import { scheduleHoldRelease } from "~/features/store/schedule-hold-release.server";
import { startOutboxWorker } from "~/server/outbox.server";
import { createSmsProvider } from "~/server/sms.server";
import { getDatabase, openDatabase, setDatabase } from "~/server/db.server";
import { isDatabaseUnavailable } from "~/server/db-errors.server";
import { guardDatabaseOutages, unavailableHeaders, unavailableHtml, unavailableText } from "~/server/database-outage.server";
import { getEnv, productionWarnings, siteUrl, type Env } from "~/server/env.server";
import { detectRequestLanguage } from "~/i18n/detect-language";
import {
  createCachedAnswer,
  createContentVersionReader,
  createPageCacheFastPath,
  onContentChanged,
  PageCache,
  pageCacheMiddleware,
} from "~/server/page-cache.server";
import { readContentVersion } from "~/platform/content/content-version.server";
import { setContentVersionMemo } from "~/server/content-memo.server";
import { dataRequestPagePath } from "~/server/data-request.server";
import { createLoadContext } from "~/server/load-context.server";
import { logger } from "~/server/logger.server";
import { backgroundSettled } from "~/server/background.server";
import { once } from "~/server/once.server";
import { runInRequestScope } from "~/server/request-context.server";
import { createSharedPageTest } from "~/server/shared-page-routes.server";
import { openPubSub, setPubSub } from "~/server/pubsub.server";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "~/server/security-headers.server";

export interface CreateAppOptions {
  env: Env;
  /** Development: Vite serves the assets and compiles the app on demand. */
  vite?: ViteDevServer;
}

/** Methods Node's parser accepts but the Fetch API cannot carry (undici refuses them). */
const UNSERVABLE_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

/** Event reminders and the retention rules make their start-up pass this long after start. */
const BACKGROUND_START_DELAY_MS = 10_000;

/** The largest request body of any form (a few fields); uploads have their own limit. */
export const MAX_BODY_BYTES = 64 * 1024;
/** A Stripe webhook event (signed JSON). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** An image upload of the content section: 8 MB of image plus the form around it. */
export const MAX_UPLOAD_BYTES = 9 * 1024 * 1024;
/** A batch of gallery photos: 20 files of at most 8 MB each, plus the form around them (streamed to disk). */
export const MAX_GALLERY_UPLOAD_BYTES = 20 * 8 * 1024 * 1024 + 2 * 1024 * 1024;
/** A sermon's media upload (audio, video or study notes) with its form. */
export const MAX_MEDIA_UPLOAD_BYTES = 1024 * 1024 * 1024;

export function createApp({ env, vite }: CreateAppOptions): Express {
  const app = express();
  const https = siteUrl(env).startsWith("https://");
  const headers = baseSecurityHeaders({ https });

  app.disable("x-powered-by");
  // A hop count, never `true`: Express would then take the left-most X-Forwarded-For entry,
  // which the client writes itself.
  if (env.TRUST_PROXY > 0) app.set("trust proxy", env.TRUST_PROXY);
  // A local Stripe stand-in (STRIPE_API_URL) hosts its checkout page itself.
  const stripeFormTargets = env.STRIPE_API_URL ? [new URL(env.STRIPE_API_URL).origin] : [];
  // Every loader and action answers a database outage with a translated 503, not a 500
  // (database-outage.server.ts); the guarded build is made once per loaded build.
  // Given a function, React Router derives its route table (flattened, ranked) on every request,
  // which development needs for edits; production's build never changes, so it is loaded and
  // derived once (about 7 % of an uncached page's CPU time, issue 10).
  const loadBuild = vite
    ? async () => guardDatabaseOutages((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild)
    : once(async () => guardDatabaseOutages(await import("virtual:react-router/server-build")));
  const cspOptions = { https, formTargets: stripeFormTargets };
  const csp = (nonce: string) => contentSecurityPolicy({ nonce }, cspOptions);

  // Public pages for signed-out visitors, from memory (ADR 019), first of all: a hit needs none
  // of the steps below (it sets the security headers and compresses itself). Development
  // renders every request.
  // The content version (read at most once a second; at once after a change here) keys the
  // page cache and the memo of the church profile and page copy (content-memo.server.ts).
  const contentVersion = vite ? undefined : createContentVersionReader(() => readContentVersion(getDatabase().db));
  if (contentVersion) onContentChanged(() => contentVersion.changed());
  if (contentVersion && env.NODE_ENV === "production") setContentVersionMemo(contentVersion);
  if (contentVersion && env.PAGE_CACHE) {
    const routerHandler = once(async () => createRouterHandler(await loadBuild(), "production"));
    // Which pages may be shared is decided from the route a request matches (the build's own
    // routes, matched as React Router matches them). Until the build has loaded (a moment after
    // start, the route modules load while the database opens), every request steps aside.
    let isSharedPageRoute: ((pathname: string) => boolean) | undefined;
    loadBuild().then(
      (build) => (isSharedPageRoute = createSharedPageTest(build.routes)),
      (error: unknown) => logger.error({ err: error }, "loading the route table for the page cache failed"),
    );
    const isSharedPage = (pathname: string) => isSharedPageRoute?.(pathname) ?? false;
    const cache = new PageCache({
      contentVersion,
      peekContentVersion: contentVersion.peek,
      render: async (request, nonce) => (await routerHandler())(request, createLoadContext(nonce)),
    });
    const answer = createCachedAnswer({
      https,
      contentSecurityPolicy: (hashes) => contentSecurityPolicy({ hashes }, cspOptions),
      securityHeaders: headers,
    });
    app.locals.pageCache = cache;
    (app.locals as AppLocals).fastPath = createPageCacheFastPath(cache, answer, isSharedPage);
    app.use(
      pageCacheMiddleware({
        cache,
        answer,
        origin: (req) => `${req.protocol}://${req.get("host") ?? "localhost"}`,
        contentSecurityPolicy: csp,
        securityHeaders: headers,
        isSharedPage,
      }),
    );
  }

  app.use(compression());
  const defaultHeaderNames = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  app.use((_req, res, next) => {
    res.set(headers);
    // React Router's adapter adds a page's own headers with `res.append`: a page's own
    // Referrer-Policy (or any of these single-valued headers) replaces the default rather than
    // being sent beside it, two policies in one answer.
    const append = res.append.bind(res);
    res.append = (name: string, value?: string | string[]) =>
      defaultHeaderNames.has(name.toLowerCase()) && value !== undefined ? res.set(name, value) : append(name, value);
    next();
  });

  // The Fetch API has no Request for these methods (`new Request` throws), so React Router's
  // handler would answer 500: refuse them here, as any method this site does not serve.
  app.use((req, res, next) => {
    if (!UNSERVABLE_METHODS.has(req.method)) return next();
    res
      .status(405)
      .set("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
      .type("text/plain")
      .send("Method not allowed. / Método no permitido.");
  });

  app.use((req, res, next) => {
    // Every form here is a few fields: refuse a large body before anything reads it into
    // memory (React Router would buffer all of it to parse the form).
    if (SAFE_METHODS.has(req.method)) return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      res.status(411).type("text/plain").send("Length required. / Se requiere la longitud.");
      return;
    }
    // Image uploads in the content, events and store sections (checked again there: type, 8 MB, admin scope).
    // A member's photo on /community is one image too (8 MB, checked again there: signed in, type).
    // With JavaScript, React Router posts to `<path>.data` (`<path>/_.data` for a trailing slash).
    const routePath = dataRequestPagePath(req.path) ?? req.path;
    // Only a signed-in member may send that much there (checked below, before any of it is
    // read): a visitor's post is a few fields.
    const memberPhoto = routePath === "/community" && /(?:^|;\s*)(?:__Secure-)?church\.session_token=/.test(req.get("cookie") ?? "");
    const uploadPath =
      routePath === "/admin/content" ||
      routePath.startsWith("/admin/events/") ||
      routePath.startsWith("/admin/store/products/") ||
      memberPhoto;
    // Many gallery photos at once: read as a stream by the gallery admin, each ≤ 8 MB.
    const galleryPath = routePath === "/admin/gallery";
    // Sermon audio, video and notes: streamed to disk by the sermon editor, never buffered.
    const mediaPath = routePath.startsWith("/admin/sermons/");
    const multipart = Boolean(req.is("multipart/form-data"));
    // Stripe's events are JSON, usually a few KB; a checkout session with many lines is more.
    const webhookPath = req.path === "/stripe/webhook";
    const limit = webhookPath
      ? MAX_WEBHOOK_BYTES
      : !multipart
        ? MAX_BODY_BYTES
        : mediaPath
          ? MAX_MEDIA_UPLOAD_BYTES
          : galleryPath
            ? MAX_GALLERY_UPLOAD_BYTES
            : uploadPath
              ? MAX_UPLOAD_BYTES
              : MAX_BODY_BYTES;
    const tooLarge = () => res.status(413).type("text/plain").send("Request too large. / Solicitud demasiado grande.");
    if (Number(length) > limit) return void tooLarge();
    // A cookie that only looks like a session does not lift the limit (a forged one lifted it to
    // 9 MB, buffered before the page's own 401: issue 32): the session must be a real one.
    if (memberPhoto && Number(length) > MAX_BODY_BYTES) {
      hasMemberSession(req)
        .then((member) => (member ? next() : tooLarge()))
        .catch((error: unknown) => next(error));
      return;
    }
    next();
  });

  const publicOrigin = new URL(siteUrl(env)).origin;
  app.use((req, res, next) => {
    // The client address for rate limits, from the socket or (TRUST_PROXY) the proxy chain;
    // whatever a client sent under this name is overwritten.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // CSRF: a state-changing request must come from this site's own pages.
    if (
      !isAllowedOrigin({
        method: req.method,
        origin: req.get("origin"),
        secFetchSite: req.get("sec-fetch-site"),
        host: req.get("host"),
        protocol: req.protocol,
        publicOrigin,
      })
    ) {
      logger.warn({ method: req.method, path: req.path, origin: req.get("origin") }, "cross-site request refused");
      res.status(403).type("text/plain").send("Cross-site request refused. / Solicitud de otro sitio rechazada.");
      return;
    }
    next();
  });

  // Liveness: the process answers. Readiness: the database answers and every migration in
  // this release is applied. Both unauthenticated and cheap; no details beyond a short code.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptimeSeconds: uptimeSeconds(), version: appVersion });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const base = { uptimeSeconds: uptimeSeconds(), version: appVersion };
    try {
      const database = getDatabase();
      await database.ping();
      const migrations = await readMigrationStatus(database.db);
      if (migrations.pending > 0) {
        res.status(503).json({
          status: "unavailable",
          code: "migrations_pending",
          ...base,
          database: "ok",
          migrations: { applied: migrations.applied, total: migrations.total },
        });
        return;
      }
      res.json({ status: "ready", ...base, database: "ok", migrations: { applied: migrations.applied, total: migrations.total } });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", code: "database_unreachable", ...base, database: "unreachable" });
    }
  });

  // Uploaded files (images, sermon media, gallery photos), in development too: random names,
  // never rewritten, so cached for a year.
  app.use(
    "/uploads",
    express.static(path.resolve(env.DATA_DIR, "uploads"), { immutable: true, maxAge: "1y", index: false, dotfiles: "deny" }),
  );
  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // Media and icons change rarely (uploads get new names); other public files daily.
    for (const folder of ["media", "icons"]) {
      app.use(`/${folder}`, express.static(path.join(clientDir, folder), { maxAge: "30d", index: false }));
    }
    // The service worker (sw.js) is revalidated on every check: a new release reaches browsers at once.
    const noCache = (res: express.Response, file: string) => {
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    };
    // Every file at the top of build/client has an extension (favicon.svg, sw.js): a page's path
    // never reaches the disk (a failed stat per page was 1.6 % of an uncached page's CPU time),
    // nor does a page's data (`/events.data`, a client navigation: 2.6 % of its CPU time).
    const topFiles = express.static(clientDir, { maxAge: "1d", index: false, setHeaders: noCache });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) && !req.path.endsWith(".data") ? topFiles(req, res, next) : next()));
  }

  // The admin guard's automatic step, once per request before any loader runs (loaders run
  // in parallel and would each create a session): resolve-admin-session.server.ts.
  app.use(/^\/admin(?:\.data|\/|$)/, (req, res, next) => {
    const request = new Request(new URL(req.originalUrl, publicOrigin), { headers: toHeaders(req.headers) });
    resolveAdminSession({ db: getDatabase().db, request, https })
      .then(({ token, setCookies }) => {
        for (const cookie of setCookies) res.append("Set-Cookie", cookie);
        req.headers.cookie = replaceCookie(req.headers.cookie, ADMIN_COOKIE, token);
        next();
      })
      // Database unreachable: the admin pages' own loaders meet it too and answer the
      // translated 503 page; the step is skipped, never the guard (the layout checks again).
      .catch((error: unknown) => (isDatabaseUnavailable(error) ? next() : next(error)));
  });

  app.use((_req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    if (!vite) res.set("Content-Security-Policy", csp(nonce));
    next();
  });
  const getLoadContext = (_req: express.Request, res: express.Response) => createLoadContext(res.locals.cspNonce as string);
  // Each request's loaders and action run in one request scope (request-context.server.ts).
  const devPages = vite ? createRequestHandler({ build: loadBuild, mode: "development", getLoadContext }) : undefined;
  const pagesHandler = devPages
    ? async () => devPages
    : once(async () => createRequestHandler({ build: await loadBuild(), mode: "production", getLoadContext }));
  app.all("/{*path}", (req, res, next) => {
    pagesHandler().then((handle) => runInRequestScope(() => handle(req, res, next)), next);
  });
  // Last line: a database outage that escaped the pages (they answer it themselves) is still a
  // 503 with Retry-After in the visitor's language, never Express's 500.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent || !isDatabaseUnavailable(error)) return next(error);
    const { language } = detectRequestLanguage(new Request(new URL(req.originalUrl, publicOrigin), { headers: toHeaders(req.headers) }));
    logger.warn({ err: error, path: req.path }, "database unavailable: answered 503");
    res.status(503).set(unavailableHeaders()).set("Content-Language", language);
    if (req.accepts(["text/html", "text/plain"]) === "text/html") res.type("html").send(unavailableHtml(language, req.path));
    else {
      const { title, body } = unavailableText(language);
      res.type("text/plain").send(`${title}. ${body}`);
    }
  });
  return app;
}

/** Whether the request carries a valid member session (better-auth checks the signed cookie and the sessions table). */
async function hasMemberSession(req: express.Request): Promise<boolean> {
  const session = await getAuth().api.getSession({ headers: toHeaders(req.headers) });
  return session !== null;
}

function toHeaders(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The Cookie header with `name` set to `value` (or removed when null). */
export function replaceCookie(header: string | undefined, name: string, value: string | null): string | undefined {
  const parts = (header ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter((p) => p && p.split("=")[0] !== name);
  if (value) parts.push(`${name}=${value}`);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

interface AppLocals {
  /** Answers a cached page before Express (page-cache.server.ts); false: not answered. */
  fastPath?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/**
 * Brings an absolute-form request target (`GET http://host/events HTTP/1.1`, valid HTTP/1.1,
 * RFC 9112 §3.2.2) to the origin form every later step expects (`/events`), taking the host
 * from the target as the RFC says. False when the target is neither (`*`, garbage): answered 400.
 */
export function toOriginForm(req: IncomingMessage): boolean {
  const target = req.url ?? "/";
  if (target.startsWith("/") || (target === "*" && req.method === "OPTIONS")) return true;
  if (!/^https?:\/\//i.test(target)) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  req.url = `${url.pathname}${url.search}`;
  req.headers.host = url.host;
  return true;
}

function badRequestTarget(res: ServerResponse) {
  res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
  res.end("Bad request. / Solicitud incorrecta.");
}

/** The HTTP server's request listener: the request target in origin form, the page cache's fast path, then the app. */
export function createRequestListener(app: Express) {
  const fastPath = (app.locals as AppLocals).fastPath;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!toOriginForm(req)) return badRequestTarget(res);
    if (req.url === "*") {
      // `OPTIONS *`: what the server as a whole allows.
      res.writeHead(204, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS", "Cache-Control": "no-store" });
      res.end();
      return;
    }
    let answered = false;
    try {
      answered = fastPath?.(req, res) ?? false;
    } catch (error) {
      // Never a crash for one request: the app answers it the slow way.
      logger.error({ err: error, path: req.url }, "the page cache's fast path failed");
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    if (!answered) app(req, res);
  };
}

export interface StartServerOptions {
  vite?: ViteDevServer;
}

/** Start-up: validate the environment, open and migrate the database, seed, listen. */
export async function startServer({ vite }: StartServerOptions = {}): Promise<Server> {
  const env = getEnv();
  const startedAt = Date.now();
  // Start-up phases in ms, logged below (bench/startup.mjs reads them).
  const phases: Record<string, number> = {};
  let mark = startedAt;
  const phaseDone = (name: string) => {
    const now = Date.now();
    phases[name] = now - mark;
    mark = now;
  };
  // The route modules (every page and what they import) load while the database opens instead
  // of on the first request, which otherwise waits seconds for them (issue 10, goal 6). A
  // failure is logged here and surfaces again on the first request's own import.
  const routesLoaded: Promise<unknown> = vite
    ? Promise.resolve()
    : import("virtual:react-router/server-build").catch((error: unknown) =>
        logger.error({ err: error }, "loading the route modules failed"),
      );
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(handle);
  const releaseEmbedded = handle.kind === "pglite" && env.DATA_DIR ? holdEmbeddedDatabase(env.DATA_DIR) : () => {};
  phaseDone("open");
  await handle.migrate();
  phaseDone("migrate");
  if (env.SEED_DEMO) await seedDemoChurch({ db: handle.db });
  // No administrator yet: the one-time code that /admin/setup asks for (ADR 037).
  await ensureSetupCode({ db: handle.db, dataDir: env.DATA_DIR });
  phaseDone("seed");
  // Live chat fan-out between instances (ADR 014): Redis, else PostgreSQL, else in memory.
  const pubsub = await openPubSub({ redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL });
  setPubSub(pubsub);
  const publicUrl = siteUrl(env);
  const mail = createMailTransport({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    dataDir: env.DATA_DIR,
  });
  const sms = createSmsProvider({
    dataDir: env.DATA_DIR,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM_NUMBER,
            apiBaseUrl: env.TWILIO_API_BASE_URL,
          }
        : undefined,
  });
  for (const warning of productionWarnings(env)) logger.warn(warning);
  const worker = startOutboxWorker({ db: handle.db, mail, sms });
  configureMessaging({ db: handle.db, mail, sms, worker });
  // Their start-up passes (queries, deletes) wait until the first requests have been answered.
  const reminders = scheduleEventReminders({ db: handle.db, siteUrl: publicUrl, firstPassDelayMs: BACKGROUND_START_DELAY_MS });
  // Deletes what the retention settings no longer keep, hourly (ADR 021).
  const retention = scheduleDataRetention({ db: handle.db, firstPassDelayMs: BACKGROUND_START_DELAY_MS });
  // Gives back the stock of store checkouts not paid within 15 minutes, every minute (ADR 029).
  const holds = scheduleHoldRelease({ db: handle.db, firstPassDelayMs: BACKGROUND_START_DELAY_MS });
  const church = await getChurchProfile({ db: handle.db, language: "en" });
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    // Each instance would make its own secret: a member signed in on one is a stranger to the next.
    logger.warn(
      "AUTH_SECRET is not set: this instance uses a secret kept in its DATA_DIR. Set the same AUTH_SECRET on every instance that shares this database (docs/deploy.md).",
    );
  }
  setAuth(
    createAuth({
      db: handle.db,
      churchName: church?.name,
      publicUrl,
      secret: resolveAuthSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR }),
      notifier: createAuthNotifier({ db: handle.db, publicUrl }),
    }),
  );
  // The embedded database allows one process: the command-line tools ask this server instead (ADR 037).
  const control =
    handle.kind === "pglite" && env.DATA_DIR
      ? await startControlSocket({
          dataDir: env.DATA_DIR,
          commands: {
            "admin:create": async (args) => {
              try {
                const made = await createAdministrator({ db: handle.db, auth: getAuth(), input: args as CreateAdministratorInput });
                await clearSetupCode({ db: handle.db, dataDir: env.DATA_DIR });
                return made;
              } catch (error) {
                if (error instanceof AdministratorInputError) throw new ControlCommandError(error.message);
                throw error;
              }
            },
            "db:backup": async (args) => {
              const archive =
                typeof args.archive === "string" && path.isAbsolute(args.archive) && args.archive.endsWith(".tar.gz")
                  ? args.archive
                  : undefined;
              return { backup: await backupFromServer({ handle, dataDir: env.DATA_DIR, authSecret: env.AUTH_SECRET, archive }) };
            },
          },
        }).catch((error: unknown) => {
          // The site works without it; only the command-line tools must wait for a stop.
          logger.warn({ err: error }, "the command socket could not be opened: admin:create and db:backup need the site stopped");
          return null;
        })
      : null;
  phaseDone("services");
  await routesLoaded;
  phaseDone("routes");
  logger.info({ database: handle.kind, pubsub: pubsub.kind, ms: Date.now() - startedAt, phases }, "database migrated and ready");

  const app = createApp({ env, vite });
  const server = createServer(createRequestListener(app)).listen(env.PORT, env.HOST);
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
    const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1500).unref();
    // The outbox worker stops claiming at once; requests still in progress can queue mail
    // (sent by the next start), so the database closes only after both are done.
    // Links queued after their answer (background.server.ts) are made before the outbox stops.
    const workerStopped = backgroundSettled()
      .then(() => Promise.all([stopMessaging(), reminders.stop(), retention.stop(), holds.stop()]))
      .catch((error: unknown) => logger.error({ err: error }, "stopping the outbox failed"));
    void Promise.all([httpClosed, workerStopped])
      .then(() => control?.close())
      .then(() => pubsub.close())
      .then(() => handle.close())
      .then(releaseEmbedded)
      .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}
