// Cluster mode (ADR 027, issue 10): `node server.js` with PostgreSQL and WEB_CONCURRENCY runs a
// primary that forks that many workers sharing one port. Checked on the real production build:
// both workers answer, a worker killed outright is replaced while the other keeps answering,
// SIGTERM stops them all, a first worker that cannot start stops the primary, and the embedded
// database stays one process whatever is asked.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { childPids } from "../../bench/lib/rows.mjs";
import { clusterPlan, parseWorkerCount } from "../../server/cluster.js";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids that logged "server listening" (each worker logs its own pid). */
function listeningPids(server: AppServer): number[] {
  const pids = new Set<number>();
  for (const line of server.output().stdout.split("\n")) {
    if (!line.includes('"server listening"')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number };
      if (entry.pid) pids.add(entry.pid);
    } catch {
      // the last line, still being written
    }
  }
  return [...pids].sort((a, b) => a - b);
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GET on a connection of its own (no keep-alive pool): each request is a new accept for the primary to hand out. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers: { "Accept-Language": "en" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`no answer from ${url}`)));
    request.on("error", reject);
  });
}

describe("WEB_CONCURRENCY", () => {
  test("1 when unset, the cores for auto, a whole number up to 32; anything else names the variable", () => {
    expect(parseWorkerCount(undefined, 4)).toBe(1);
    expect(parseWorkerCount("", 4)).toBe(1);
    expect(parseWorkerCount("auto", 4)).toBe(4);
    expect(parseWorkerCount("AUTO", 64)).toBe(32);
    expect(parseWorkerCount(" 3 ", 4)).toBe(3);
    for (const bad of ["0", "-1", "2.5", "1e1", "lots", "33"]) {
      expect(() => parseWorkerCount(bad, 4)).toThrow(/^WEB_CONCURRENCY must be "auto" or a whole number from 1 to 32/);
    }
  });

  test("the embedded database is opened by one process: more workers need DATABASE_URL", () => {
    expect(clusterPlan({})).toEqual({ workers: 1 });
    expect(clusterPlan({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/church" })).toEqual({ workers: 2 });
    const embedded = clusterPlan({ WEB_CONCURRENCY: "2" });
    expect(embedded.workers).toBe(1);
    expect(embedded.warning).toContain("needs DATABASE_URL");
  });
});

describe("node server.js with WEB_CONCURRENCY", () => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "church-cluster-"));
    dataDirs.push(dir);
    return dir;
  };
  beforeAll(() => {
    snapshot = snapshotProductionBuild();
  });
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    snapshot?.remove();
  });

  describe.skipIf(!testDatabaseUrl)("on PostgreSQL", () => {
    let database: ThrowawayDatabase;
    let server: AppServer | undefined;
    beforeAll(async () => {
      database = await createThrowawayDatabase();
      server = await startAppServer({
        cwd: snapshot.dir,
        dataDir: newDataDir(),
        databaseUrl: database.url,
        env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "info", AUTH_SECRET: "cluster-mode-test-secret-0123456789abcdef" },
      });
    });
    afterAll(async () => {
      await server?.stop(2000);
      await database?.drop();
    });

    test("two workers share the port and answer", async () => {
      const s = server!;
      await waitFor(() => listeningPids(s).length === 2, "two workers listening");
      expect(childPids(s.pid)).toEqual(listeningPids(s));
      expect(listeningPids(s)).not.toContain(s.pid);
      const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => statusOf(`${s.baseURL}${i % 2 ? "/events" : "/"}`)));
      expect(statuses).toEqual(Array(30).fill(200));
    });

    test("a worker killed outright is replaced; the other answers meanwhile", async () => {
      const s = server!;
      const [victim, survivor] = childPids(s.pid);
      process.kill(victim!, "SIGKILL");
      await waitFor(() => !childPids(s.pid).includes(victim!), "the killed worker to be gone", 10_000);
      const meanwhile = await Promise.all(Array.from({ length: 10 }, () => statusOf(`${s.baseURL}/`)));
      expect(meanwhile).toEqual(Array(10).fill(200));
      await waitFor(() => listeningPids(s).length === 3, "a new worker listening");
      const now = childPids(s.pid);
      expect(now).toHaveLength(2);
      expect(now).toContain(survivor);
      expect(now).not.toContain(victim);
      expect(s.output().stdout).toContain('"a worker exited; starting another"');
      expect(await statusOf(`${s.baseURL}/readyz`)).toBe(200);
    });

    test("SIGTERM stops the primary and every worker", async () => {
      const s = server!;
      const workers = childPids(s.pid);
      expect(workers).toHaveLength(2);
      const { code, signal, ms } = await s.stop(15_000);
      server = undefined;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(ms).toBeLessThan(9_000);
      expect(workers.filter(isAlive)).toEqual([]);
    });
  });

  test("a first worker that cannot start stops the primary with its exit code", () => {
    const { PATH, HOME } = process.env;
    const result = spawnSync(process.execPath, ["server.js"], {
      cwd: snapshot.dir,
      // Nothing listens on port 1: the worker's database connection is refused at once.
      env: {
        PATH,
        HOME,
        NODE_ENV: "production",
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/church",
        WEB_CONCURRENCY: "2",
        DATA_DIR: newDataDir(),
        LOG_LEVEL: "warn",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("ECONNREFUSED");
    expect(result.stdout).toContain('"the first worker exited before it listened; stopping"');
  });

  test("on the embedded database it runs one process and says why", async () => {
    const server = await startAppServer({ cwd: snapshot.dir, dataDir: newDataDir(), env: { WEB_CONCURRENCY: "2" } });
    try {
      expect(childPids(server.pid)).toEqual([]);
      expect(server.output().stdout).toContain("needs DATABASE_URL");
      expect(await statusOf(`${server.baseURL}/`)).toBe(200);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });
});
