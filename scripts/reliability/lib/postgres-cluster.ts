// A private PostgreSQL cluster for the reliability scripts: `initdb` into a temporary folder,
// started with `pg_ctl` on a loopback port of its own (trust auth, 127.0.0.1 only, its socket in
// that folder), so a script can stop and restart *its* database without touching the shared
// server on 5432. PostgreSQL refuses to run as root: as root, every command runs as the
// `postgres` system user (runuser) and the folder is handed to that user.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** Creates a database (template0, UTF8). */
  createDatabase(name: string): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended, the server is down when it returns. */
  stop(): void;
  /** `pg_ctl start -w`: accepting connections when it returns. */
  start(): void;
  /** Answers `select 1` within `timeoutMs`? */
  answers(timeoutMs?: number): Promise<boolean>;
  /** The server log so far (the last `bytes`). */
  log(bytes?: number): string;
  /** Stops the server (immediate) and deletes the folder. */
  remove(): void;
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  throw new Error("initdb not found under /usr/lib/postgresql/<version>/bin (set PG_BIN to the folder holding initdb and pg_ctl)");
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when we are root. Throws with its output on failure. */
function run(bin: string, program: string, args: string[], timeoutMs = 120_000): string {
  const file = path.join(bin, program);
  const [command, commandArgs] = isRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8", timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(" ")} failed (exit ${result.status}${result.signal ? `, ${result.signal}` : ""}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** initdb + start on 127.0.0.1:`port`. */
export async function startPostgresCluster({ port }: { port: number }): Promise<PostgresCluster> {
  const bin = postgresBin();
  const folder = mkdtempSync(path.join(tmpdir(), "reliability-pg-"));
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "postgres.log");
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(folder, uid, gid);
    writeFileSync(logFile, "");
    chownSync(logFile, uid, gid);
  }
  run(bin, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-instructions"]);
  appendFileSync(
    path.join(dataDir, "postgresql.conf"),
    [
      "",
      "# reliability scripts: loopback only, a private port and socket folder",
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${folder}'`,
      // Room for the app's pool (10), the pub/sub listener and pool (3), the script's own checks.
      "max_connections = 50",
      "log_min_messages = warning",
      "",
    ].join("\n"),
  );
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = false;
  const cluster: PostgresCluster = {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
      } finally {
        await client.end();
      }
    },
    start() {
      run(bin, "pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "start"]);
      running = true;
    },
    stop() {
      run(bin, "pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
      running = false;
    },
    async answers(timeoutMs = 1000) {
      const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: timeoutMs });
      client.on("error", () => {});
      try {
        await client.connect();
        await client.query("select 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    log(bytes = 4000) {
      try {
        return readFileSync(logFile, "utf8").slice(-bytes);
      } catch {
        return "";
      }
    },
    remove() {
      if (running) {
        try {
          run(bin, "pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"]);
        } catch {
          // already down
        }
        running = false;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
