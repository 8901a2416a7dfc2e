// Everything a reliability run needs, on loopback ports of its own, and nothing shared: a
// private PostgreSQL cluster, a real SMTP server, the tests' fake Stripe API, and the production
// server (`node server.js` from a snapshot of build/, as `npm start` runs it) configured as
// behind a reverse proxy (TRUST_PROXY=1). Ctrl-C or SIGTERM takes it all down.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { startLiveStream } from "~/features/live/start-live-stream.server";
import { openDatabase } from "~/server/db.server";
import { repoRoot, snapshotProductionBuild, startAppServer, type AppServer } from "../../../tests/support/app-server";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "../../../tests/support/fake-stripe";
import { startPostgresCluster, type PostgresCluster } from "./postgres-cluster";
import { startRestartableSmtp, type RestartableSmtp } from "./smtp";

const cleanups: (() => unknown)[] = [];
let shuttingDown = false;

/** Runs `fn` (newest first) on Ctrl-C/SIGTERM and at the end of the run. */
export function onCleanup(fn: () => unknown) {
  cleanups.push(fn);
}

export async function cleanUp() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error("cleanup failed:", error instanceof Error ? error.message : error);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.error(`\n${signal}: stopping the server, the database and the mail server…`);
    void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

/** A free port picked at random in 41000–48999 (loopback). */
export async function randomPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 41000 + Math.floor(Math.random() * 8000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 41000–48999");
}

export interface Stack {
  cluster: PostgresCluster;
  databaseUrl: string;
  smtp: RestartableSmtp;
  stripe: FakeStripe;
  app: AppServer;
  dataDir: string;
  /** Starts the server again (same port, database, DATA_DIR, settings) after it stopped or was killed. */
  startApp(): Promise<AppServer>;
  /** What every server process of the run wrote (stdout and stderr), oldest first. */
  serverLog(): string;
}

const AUTH_SECRET = "reliability-run-secret-0123456789abcdef-xyz";

/**
 * A private copy of build/ (tests/support/app-server.ts), retried while someone else's
 * `react-router build` has the checkout's build/ missing or half-written: the copy counts only
 * when the server entry did not change while it was made.
 */
async function snapshotWhenBuilt(log: (line: string) => void) {
  const entry = path.join(repoRoot, "build/server/index.js");
  for (let attempt = 1; ; attempt += 1) {
    const before = existsSync(entry) ? statSync(entry).mtimeMs : 0;
    if (before) {
      const snapshot = snapshotProductionBuild();
      if (existsSync(entry) && statSync(entry).mtimeMs === before && existsSync(path.join(snapshot.dir, "build/server/index.js")))
        return snapshot;
      snapshot.remove();
    }
    if (attempt >= 30) throw new Error("build/ stayed missing or kept changing for 90 s: run `npx react-router build` and try again");
    log(`build/ is missing or being rebuilt; waiting (${attempt}/30)`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

export async function startStack(log: (line: string) => void): Promise<Stack> {
  const snapshot = await snapshotWhenBuilt(log);
  onCleanup(() => snapshot.remove());
  const [pgPort, smtpPort, stripePort, appPort] = [await randomPort(), await randomPort(), await randomPort(), await randomPort()];
  let started = Date.now();
  const cluster = await startPostgresCluster({ port: pgPort });
  onCleanup(() => cluster.remove());
  await cluster.createDatabase("church");
  const databaseUrl = cluster.url("church");
  log(`PostgreSQL: a private cluster on 127.0.0.1:${pgPort} (${((Date.now() - started) / 1000).toFixed(1)} s to initdb and start)`);
  const smtp = await startRestartableSmtp({ port: smtpPort });
  onCleanup(() => smtp.close());
  const stripe = await startFakeStripe({ port: stripePort });
  onCleanup(() => stripe.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), "reliability-data-"));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    AUTH_SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: "reliability@example.test",
    // As behind a reverse proxy: each simulated visitor's address comes from X-Forwarded-For,
    // so the per-IP limits apply per visitor (RATE_LIMIT_IP_SCALE stays 1).
    TRUST_PROXY: "1",
    RATE_LIMIT_IP_SCALE: "1",
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? "warn",
  };
  let current: AppServer | undefined;
  const servers: AppServer[] = [];
  const startApp = async () => {
    current = await startAppServer({ cwd: snapshot.dir, dataDir, databaseUrl, port: appPort, env, readyTimeoutMs: 90_000 });
    servers.push(current);
    return current;
  };
  const serverLog = () =>
    servers
      .map(
        (server) =>
          `--- server pid ${server.pid} ---\n${server.output().stdout}${server.output().stderr ? `\n--- stderr ---\n${server.output().stderr}` : ""}`,
      )
      .join("\n");
  onCleanup(() => current?.stop(5000));
  started = Date.now();
  const app = await startApp();
  log(
    `server: ${app.baseURL} (pid ${app.pid}, migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s), SMTP 127.0.0.1:${smtpPort}, fake Stripe ${stripe.url}`,
  );
  return { cluster, databaseUrl, smtp, stripe, app, dataDir, startApp, serverLog };
}

/** Starts a live stream with chat, as staff would in /admin/live (the app's own operation). */
export async function startStream(databaseUrl: string, staffEmail: string): Promise<string> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const result = (await handle.db.execute(sql`select id, name from users where email = ${staffEmail}`)) as unknown as {
      rows: { id: string; name: string }[];
    };
    const staff = result.rows[0];
    if (!staff) throw new Error(`no user ${staffEmail}`);
    const started = await startLiveStream({
      db: handle.db,
      actor: { userId: staff.id, name: staff.name },
      input: {
        titleEn: "Sunday Worship (reliability run)",
        titleEs: "Culto dominical (prueba de fiabilidad)",
        source: { provider: "youtube", youtubeVideoId: "dQw4w9WgXcQ" },
        chatEnabled: true,
      },
    });
    if (!started.ok) throw new Error("a stream is already live");
    return started.id;
  } finally {
    await handle.close();
  }
}

/** Lines the server logged at level error or fatal (pino JSON, level ≥ 50). */
export function serverErrors(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /"level":(5\d|60)/.test(line))
    .map((line) => line.slice(0, 400));
}

/** The Checkout Sessions the fake Stripe created since `since` (its clock has whole seconds). */
export function stripeSessionsSince(stripe: FakeStripe, since: Date): Set<string> {
  const from = Math.floor(since.getTime() / 1000);
  return new Set([...stripe.sessions.values()].filter((session) => session.created >= from).map((session) => session.id));
}

/** CPU time (user + system, all threads) a process has used, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 (1-based) of the whole line; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Writes a run's figures to bench/results/reliability-<name>-<time>.json and the server's log beside it. */
export function saveResults(name: string, figures: unknown, stack: Stack): string {
  const resultsDir = path.join(repoRoot, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `reliability-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 2));
  writeFileSync(file.replace(/\.json$/, ".server.log"), stack.serverLog());
  return path.relative(repoRoot, file);
}

/** Runs a script's main, cleans up (servers, databases) and exits with its code, 2 when it threw. */
export function runScript(main: () => Promise<number>): void {
  main()
    .then(async (code) => {
      await cleanUp();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      await cleanUp();
      process.exit(2);
    });
}
