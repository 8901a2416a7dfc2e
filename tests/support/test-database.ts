import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { describe } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseHandle } from "~/server/db.server";

/**
 * A real PostgreSQL server for tests, e.g. postgres://postgres@127.0.0.1:5432/test (trust
 * auth). Without it only the embedded PGlite backend is tested.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** A maintenance connection: the URL's own database, or `postgres` when that one is missing. */
async function connectMaintenance(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    // 3D000 = the database named in the URL does not exist: any other error is real.
    if ((error as { code?: string }).code !== "3D000") throw error;
    const fallback = new URL(serverUrl);
    fallback.pathname = "/postgres";
    const retry = new pg.Client({ connectionString: fallback.toString() });
    await retry.connect();
    return retry;
  }
}

/** Creates `test_<random>` on the TEST_DATABASE_URL server and returns its URL. */
export async function createThrowawayDatabase(serverUrl = testDatabaseUrl): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server to test against");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = await connectMaintenance(serverUrl);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = await connectMaintenance(serverUrl);
      try {
        // FORCE (PostgreSQL 13+) ends connections a failed test left open.
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The postgres:// URL of the throwaway database (PostgreSQL backend only). */
  url?: string;
  dispose(): Promise<void>;
}

export interface Backend {
  name: "pglite" | "postgres";
  /** False when the backend cannot run here (no TEST_DATABASE_URL): its suite is skipped. */
  available: boolean;
  /** A fresh, empty database (not migrated). */
  open(): Promise<TestDatabase>;
}

export const pgliteBackend: Backend = {
  name: "pglite",
  available: true,
  open: async () => {
    const handle = await openDatabase({});
    return { handle, dispose: () => handle.close() };
  },
};

export const postgresBackend: Backend = {
  name: "postgres",
  available: Boolean(testDatabaseUrl),
  open: async () => {
    const database = await createThrowawayDatabase();
    const handle = await openDatabase({ databaseUrl: database.url });
    return {
      handle,
      url: database.url,
      dispose: async () => {
        await handle.close();
        await database.drop();
      },
    };
  },
};

export const backends: Backend[] = [pgliteBackend, postgresBackend];

/**
 * One suite per backend: PGlite in memory always, the real PostgreSQL when TEST_DATABASE_URL
 * is set (otherwise that suite shows as skipped, so a run without it is visible as such).
 */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  for (const backend of backends) {
    describe.skipIf(!backend.available)(`${title} [${backend.name}]`, () => body(backend));
  }
}

/** Opens a fresh database, migrated (and optionally seeded by the caller). */
export async function openMigrated(backend: Backend): Promise<TestDatabase> {
  const database = await backend.open();
  try {
    await database.handle.migrate();
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

/** Raw SQL rows on either backend (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
