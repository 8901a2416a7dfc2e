import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Fails early, with the fix, when the production build the server serves is missing. */
export function assertProductionBuild(dir = repoRoot): void {
  const entry = path.join(dir, "build/server/index.js");
  if (!existsSync(entry)) {
    throw new Error(`The production build is missing (${entry}). Run \`npx react-router build\` first (\`npm test\` does).`);
  }
}

/** A port nobody listens on right now. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A private copy of what `node server.js` runs, as the image holds it (server.js, server/cluster.js,
 * package.json, build/, drizzle/, scripts/ — the backup code the server runs for Settings and
 * `db:backup` — with node_modules linked). Other engineers rebuild build/ in this shared checkout while tests
 * run; a rebuild swaps the hashed client assets under a live server and breaks hydration.
 */
export function snapshotProductionBuild(): { dir: string; remove(): void } {
  assertProductionBuild();
  const dir = mkdtempSync(path.join(tmpdir(), "church-build-"));
  for (const item of ["server.js", "server/cluster.js", "package.json", "build", "drizzle", "scripts"]) {
    cpSync(path.join(repoRoot, item), path.join(dir, item), { recursive: true });
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface StartAppServerOptions {
  /** Where to run `node server.js`: the repo root, or a snapshot from snapshotProductionBuild(). */
  cwd?: string;
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** How long /readyz may take to answer 200. */
  readyTimeoutMs?: number;
  env?: Record<string, string>;
  /** The script node runs instead of server.js (e.g. tests/support/probe-server.mjs), with these node flags. */
  entry?: string;
  nodeArgs?: string[];
  /** Opens an IPC channel to the process (`process.send` there, `child.send` here). */
  ipc?: boolean;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppServer {
  baseURL: string;
  port: number;
  pid: number;
  process: ChildProcess;
  /** Everything the server wrote to stdout/stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when the process has exited. */
  exited: Promise<ExitInfo>;
  /** SIGTERM, then how long it took to exit; SIGKILL after `killAfterMs`. */
  stop(killAfterMs?: number): Promise<ExitInfo & { ms: number }>;
}

const MAX_OUTPUT = 200_000;

/**
 * Starts the production server exactly as `npm start` would (`node server.js`) and waits for
 * GET /readyz to answer 200. A server that exits or does not become ready fails with its
 * stderr in the message.
 */
export async function startAppServer(options: StartAppServerOptions): Promise<AppServer> {
  // The build the server will run: a snapshot's own copy when it runs from one (the checkout's
  // build/ may be in the middle of someone's rebuild).
  assertProductionBuild(options.cwd ?? repoRoot);
  const port = options.port ?? (await findFreePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    PUBLIC_URL: baseURL,
    SEED_DEMO: "true",
    LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? "warn",
    ...options.env,
  };
  // The test's own environment must not leak a database or a secret into the server by accident
  // (the server makes its own secret in DATA_DIR, as on a fresh install).
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (!options.env?.AUTH_SECRET) delete env.AUTH_SECRET;

  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? "server.js"], {
    cwd: options.cwd ?? repoRoot,
    env,
    stdio: options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout = (stdout + chunk).slice(-MAX_OUTPUT);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-MAX_OUTPUT);
  });
  let exitInfo: ExitInfo | undefined;
  // If the test runner exits without stopping the server (a timed-out teardown), take the
  // server down with it rather than leave it running.
  const killOnExit = () => {
    if (!exitInfo) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal };
      process.removeListener("exit", killOnExit);
      resolve(exitInfo);
    });
  });
  const output = () => ({ stdout, stderr });
  const describeOutput = () =>
    `--- server stderr ---\n${stderr.trim() || "(empty)"}\n--- server stdout (tail) ---\n${stdout.trim().slice(-4000) || "(empty)"}`;

  const stop = async (killAfterMs = 10_000) => {
    const started = Date.now();
    if (!exitInfo) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(timer);
    }
    return { ...exitInfo!, ms: Date.now() - started };
  };

  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitInfo) {
      throw new Error(
        `The server (node server.js) exited before it was ready (code ${exitInfo.code}, signal ${exitInfo.signal}).\n${describeOutput()}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(2000);
      throw new Error(
        `The server (node server.js on ${baseURL}) did not answer 200 on /readyz within ${timeoutMs / 1000} s.\n${describeOutput()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return { baseURL, port, pid: child.pid!, process: child, output, exited, stop };
}
