// Cluster mode (ADR 027): with PostgreSQL and WEB_CONCURRENCY above 1, this process becomes a
// small primary that forks that many workers. Each worker is the whole server, exactly as one of
// several instances behind a load balancer (docs/deploy.md): sessions, rate limits, the outbox,
// live chat and the page cache's content version already go through the shared database (or
// Redis). The workers share the listening port through node:cluster; the primary opens no
// database, renders nothing and only starts, restarts and stops the workers.
//
// Plain JavaScript beside server.js, not part of the server bundle: the primary would otherwise
// load every dependency of the server only to fork it.
import cluster from "node:cluster";
import os from "node:os";

export const MAX_WORKERS = 32;
/** A worker that dies sooner than this after it started is restarted after a growing delay. */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers stop on their own within 4 s (server/app.ts); after this they are killed. */
const STOP_DEADLINE_MS = 8_000;

/**
 * The number of worker processes WEB_CONCURRENCY asks for: unset or empty → 1, `auto` → the
 * cores this process may use, otherwise a whole number from 1 to MAX_WORKERS.
 * @param {string | undefined} value
 * @param {number} [cores]
 * @returns {number}
 */
export function parseWorkerCount(value, cores = os.availableParallelism()) {
  const text = (value ?? "").trim();
  if (text === "") return 1;
  if (text.toLowerCase() === "auto") return Math.max(1, Math.min(cores, MAX_WORKERS));
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new Error(`WEB_CONCURRENCY must be "auto" or a whole number from 1 to ${MAX_WORKERS} (got "${text}").`);
  }
  return count;
}

/**
 * How many processes to run. The embedded database (no DATABASE_URL) is opened by one process
 * only, so there WEB_CONCURRENCY above 1 runs one process and says why.
 * @param {Record<string, string | undefined>} env
 * @returns {{ workers: number, warning?: string }}
 */
export function clusterPlan(env) {
  const requested = parseWorkerCount(env.WEB_CONCURRENCY);
  if (requested > 1 && !env.DATABASE_URL?.trim()) {
    return {
      workers: 1,
      warning: `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs DATABASE_URL (PostgreSQL): the embedded database is opened by one process only, so one process runs.`,
    };
  }
  return { workers: requested };
}

/**
 * Runs `start` (the server) in this process, or, when the plan asks for several workers, makes
 * this process their primary; each forked worker runs this same launcher and so `start`.
 * @param {() => Promise<unknown>} start
 * @param {Record<string, string | undefined>} [env]
 */
export async function startProcesses(start, env = process.env) {
  if (cluster.isWorker) return start();
  const { workers, warning } = clusterPlan(env);
  if (workers <= 1 && !warning) return start();
  // pino only when there is something to say: one process logs through the server's own logger.
  const { pino } = await import("pino");
  const log = pino({ level: env.LOG_LEVEL || "info", base: { pid: process.pid, role: "primary" } });
  if (warning) log.warn(warning);
  if (workers <= 1) return start();
  runPrimary(workers, log);
}

/**
 * Forks the first worker, and the others once it listens: the first start migrates and seeds the
 * database and may write the generated auth secret, which the others then only read.
 * @param {number} count
 * @param {import("pino").Logger} log
 */
function runPrimary(count, log) {
  let stopping = false;
  let listened = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  /** @type {Map<import("node:cluster").Worker, number>} live workers → when each was forked */
  const live = new Map();

  const fork = () => live.set(cluster.fork(), Date.now());

  cluster.on("listening", () => {
    if (listened) return;
    listened = true;
    log.info({ workers: count }, "first worker listening; starting the others");
    for (let i = 1; i < count; i++) fork();
  });

  cluster.on("exit", (worker, code, signal) => {
    const livedMs = Date.now() - (live.get(worker) ?? Date.now());
    live.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit(0);
      return;
    }
    if (!listened) {
      // The first start failed (database unreachable, a bad setting): the worker has said why.
      log.error({ code, signal }, "the first worker exited before it listened; stopping");
      process.exit(code || 1);
    }
    // A worker that keeps dying right after it starts is restarted ever more slowly.
    if (livedMs >= STABLE_AFTER_MS) restartDelay = FIRST_RESTART_DELAY_MS;
    const delay = restartDelay;
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    log.error({ worker: worker.process.pid, code, signal, livedMs, restartInMs: delay }, "a worker exited; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping the workers");
    if (live.size === 0) process.exit(0);
    for (const worker of live.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of live.keys()) worker.process.kill("SIGKILL");
      process.exit(0);
    }, STOP_DEADLINE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  log.info({ workers: count }, "cluster mode: starting the first worker");
  fork();
}
