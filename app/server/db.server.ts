import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "~/db/schema";
import { logger } from "./logger.server";

export type Schema = typeof schema;
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: AppDatabase;
  ping(): Promise<void>;
  /** Applies pending migrations; concurrent instances on one PostgreSQL take turns. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database only: a copy of all its files, which `loadDataDir` starts from. */
  dump?(): Promise<Blob>;
  /**
   * Lends one raw connection, `{ kind, query, exec }` as the backup scripts' `connect()` answers
   * (scripts/lib/backup/database.mjs), for the length of `run`: the running server's backup
   * (ADR 035). PostgreSQL: a client of the pool of its own, discarded afterwards (the backup
   * changes its session settings). Embedded: PGlite's only connection inside a transaction,
   * `inTransaction: true`; the server's other queries wait until `run` ends.
   */
  lendConnection<T>(run: (connection: RawConnection) => Promise<T>): Promise<T>;
}

/** A driver-level connection: what the backup's dump takes. */
export interface RawConnection {
  kind: "pglite" | "postgres";
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<unknown>;
  /** Already in a transaction that the lender owns (begin and end it not). */
  inTransaction?: boolean;
}

const MIGRATION_LOCK = 727_274_001;

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's default 128 MB of
 * shared buffers is touched at start-up and kept in the process's memory (WebAssembly memory
 * never shrinks); a church's database is a few tens of MB, so 32 MB holds what is read often
 * and the rest comes from the operating system's file cache. Resident memory after start-up:
 * about 300 MB → 195 MB (issue 10, goal 5).
 */
const EMBEDDED_START_PARAMS = (defaults: readonly string[]) => [...defaults, "-c", "shared_buffers=32MB"];

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pgdata`); omitted = in memory. */
  dataDir?: string;
  /**
   * In memory only: start from this copy of a database (`DatabaseHandle.dump`) instead of an
   * empty one. Creating an empty PGlite database (initdb, in WebAssembly) costs ~2–3 s of CPU,
   * loading a copy ~0.3 s; the tests open a hundred or so.
   */
  loadDataDir?: Blob;
}

// Each kind's driver is imported when it is opened: start-up loads one of them, not both.
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection lost (a database restart ends every session) must not crash the process.
    // node-postgres emits `error` on the client, and the pool listens only while the client is
    // idle: one held by a request or a transaction at that moment had no listener, and the
    // unhandled event ended the process (found by scripts/reliability/faults.ts). The query
    // in flight fails on its own and the request answers 503 (database-outage.server.ts); the
    // pool discards the broken client.
    pool.on("error", () => {});
    pool.on("connect", (client) => {
      client.on("error", (error) => logger.warn({ err: error }, "a database connection was lost; the pool opens a new one"));
    });
    const db = runsAfterCommit(drizzlePg(pool, { schema }) as unknown as AppDatabase);
    return {
      kind: "postgres",
      db,
      ping: async () => void (await pool.query("select 1")),
      migrate: async () => {
        // The advisory lock belongs to one connection, so lock, migrate and unlock on it.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder: findMigrationsFolder() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      lendConnection: async (run) => {
        const client = await pool.connect();
        try {
          return await run({
            kind: "postgres",
            query: async (text, params) => ({ rows: (await client.query(text, params)).rows as Record<string, unknown>[] }),
            exec: (text) => client.query(text),
          });
        } finally {
          // Destroyed, never back in the pool: its session settings are the backup's now.
          client.release(true);
        }
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let client: PGlite;
  if (options.dataDir) {
    // PGlite creates only the last folder of its path.
    const dir = path.resolve(options.dataDir, "pgdata");
    mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir, { startParams: EMBEDDED_START_PARAMS(PGlite.defaultStartParams) });
  } else {
    client = new PGlite({ startParams: EMBEDDED_START_PARAMS(PGlite.defaultStartParams), loadDataDir: options.loadDataDir });
  }
  await client.waitReady;
  const db = runsAfterCommit(drizzlePglite(client, { schema }) as unknown as AppDatabase);
  return {
    kind: "pglite",
    db,
    ping: async () => void (await client.query("select 1")),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: findMigrationsFolder() }),
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    lendConnection: (run) =>
      client.transaction((tx) =>
        run({
          kind: "pglite",
          inTransaction: true,
          query: async (text, params) => ({ rows: (await tx.query<Record<string, unknown>>(text, params)).rows }),
          exec: (text) => tx.exec(text),
        }),
      ),
  };
}

/** The callbacks of each open transaction or savepoint. */
const afterCommitCallbacks = new WeakMap<object, Array<() => void>>();

type TransactionRunner = (run: (tx: AppDatabase) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Makes `db.transaction` (and a transaction's own `transaction`, a savepoint) keep a list of
 * callbacks that `afterCommit` adds: a savepoint that is released hands its list to the
 * transaction around it, the outermost transaction runs the list once it has committed, and a
 * transaction or savepoint that rolls back drops its own. Drizzle has no such hook of its own.
 */
function runsAfterCommit(db: AppDatabase, parent?: Array<() => void>): AppDatabase {
  const target = db as unknown as { transaction: TransactionRunner };
  const begin = target.transaction.bind(db) as TransactionRunner;
  target.transaction = async (run, config) => {
    const callbacks: Array<() => void> = [];
    const result = await begin(async (tx) => {
      afterCommitCallbacks.set(tx, callbacks);
      return run(runsAfterCommit(tx, callbacks));
    }, config);
    if (parent) {
      parent.push(...callbacks);
      return result;
    }
    for (const callback of callbacks) {
      try {
        callback();
      } catch (error) {
        logger.error({ err: error }, "a callback after a transaction's commit failed");
      }
    }
    return result;
  };
  return db;
}

/**
 * Runs `callback` once what `db` wrote is visible to others: after the outermost transaction
 * commits when `db` is a transaction (never when it rolls back), at once otherwise (each
 * statement outside a transaction commits on its own).
 */
export function afterCommit(db: AppDatabase, callback: () => void): void {
  const callbacks = afterCommitCallbacks.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** Whether `db` is an open transaction (or savepoint) rather than the database itself. */
export function inTransaction(db: AppDatabase): boolean {
  return afterCommitCallbacks.has(db);
}

/** Finds `drizzle/` by walking up from this file: it differs between source and build. */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the drizzle/ migrations folder");
    dir = parent;
  }
}

// The handle lives on globalThis so the dev server's module reloads reuse one connection.
const holder = globalThis as typeof globalThis & { __churchDb?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__churchDb = handle;
}

export function getDatabase(): DatabaseHandle {
  if (!holder.__churchDb) throw new Error("The database has not been opened yet");
  return holder.__churchDb;
}

export function db(): AppDatabase {
  return getDatabase().db;
}
