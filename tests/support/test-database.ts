import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { readFile } from "node:fs/promises";
import { describe, inject } from "vitest";
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

/**
 * Creates `test_<random>` on the TEST_DATABASE_URL server and returns its URL: empty, or a copy
 * of the `template` database (which must have no open connection while it is copied).
 */
export async function createThrowawayDatabase(
  serverUrl = testDatabaseUrl,
  { template }: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server to test against");
  if (template !== undefined && !/^test_[0-9a-f]{12}$/.test(template)) throw new Error(`Not a throwaway database name: ${template}`);
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = await connectMaintenance(serverUrl);
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
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
  /** A fresh database with every migration applied. */
  openMigrated(): Promise<TestDatabase>;
  /** A fresh database with every migration applied and the demo church seeded (a copy: ~0.1–0.4 s instead of seeding, ~1 s). */
  openSeeded(): Promise<TestDatabase>;
}

/**
 * Every in-memory PGlite database of an integration run starts from a copy made once by the
 * project's global setup (tests/support/integration-global-setup.ts), empty or migrated: creating
 * one (initdb, in WebAssembly) costs ~2.5 s of CPU and migrating it ~0.5 s, loading a copy
 * ~0.3–0.5 s (issue 10, bench/README part 9). Without the setup (a unit test), a fresh one.
 */
type CopyKind = "empty" | "migrated" | "seeded";
const pgliteCopies = new Map<CopyKind, Promise<Blob | undefined>>();

function pgliteCopy(kind: CopyKind): Promise<Blob | undefined> {
  let copy = pgliteCopies.get(kind);
  if (!copy) {
    const file = inject("pgliteCopies")?.[kind];
    copy = file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
    pgliteCopies.set(kind, copy);
  }
  return copy;
}

/** Applies every migration to a database just opened; on failure, disposes of it. */
async function migrateOrDispose(database: TestDatabase): Promise<TestDatabase> {
  try {
    await database.handle.migrate();
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

async function openPglite(kind: CopyKind): Promise<TestDatabase> {
  const copy = await pgliteCopy(kind);
  const handle = await openDatabase({ loadDataDir: copy });
  const database = { handle, dispose: () => handle.close() };
  if (copy || kind === "empty") return database;
  await migrateOrDispose(database);
  return kind === "seeded" ? seedOrDispose(database) : database;
}

/** Seeds the demo church into a database just migrated; on failure, disposes of it. */
async function seedOrDispose(database: TestDatabase): Promise<TestDatabase> {
  try {
    const { seedDemoChurch } = await import("~/seed/seed-demo-church.server");
    await seedDemoChurch({ db: database.handle.db });
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

export const pgliteBackend: Backend = {
  name: "pglite",
  available: true,
  open: () => openPglite("empty"),
  openMigrated: () => openPglite("migrated"),
  openSeeded: () => openPglite("seeded"),
};

async function openPostgres(template?: string): Promise<TestDatabase> {
  const database = await createThrowawayDatabase(testDatabaseUrl, { template });
  try {
    const handle = await openDatabase({ databaseUrl: database.url });
    return {
      handle,
      url: database.url,
      dispose: async () => {
        await handle.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * A migrated PostgreSQL test database is a copy of the one the integration run's global setup
 * migrated (`CREATE DATABASE … TEMPLATE`, ~0.06–0.2 s, against ~0.4 s to migrate an empty one).
 * Without the setup, an empty one migrated here.
 */
async function openMigratedPostgres(): Promise<TestDatabase> {
  const template = inject("postgresTemplate");
  return template ? openPostgres(template) : migrateOrDispose(await openPostgres());
}

async function openSeededPostgres(): Promise<TestDatabase> {
  const template = inject("postgresSeededTemplate");
  return template ? openPostgres(template) : seedOrDispose(await migrateOrDispose(await openPostgres()));
}

export const postgresBackend: Backend = {
  name: "postgres",
  available: Boolean(testDatabaseUrl),
  open: () => openPostgres(),
  openMigrated: openMigratedPostgres,
  openSeeded: openSeededPostgres,
};

export const backends: Backend[] = [pgliteBackend, postgresBackend];

/**
 * One suite per backend, for the files whose subject is the database itself (migrations,
 * backups, start-up, the outbox's and the store's locking, capacity, rate-limit counters,
 * full-text search): PGlite in memory always, the real PostgreSQL when TEST_DATABASE_URL is set
 * (otherwise that suite shows as skipped, so a run without it is visible as such).
 */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  for (const backend of backends) {
    describe.skipIf(!backend.available)(`${title} [${backend.name}]`, () => body(backend));
  }
}

/**
 * The backend a file runs on when the database is not its subject: PostgreSQL when
 * TEST_DATABASE_URL is set (faster here, and what several instances share in production), else
 * PGlite. The browser tests run the server on PGlite, the default install
 * (tests/support/e2e-global-setup.ts), so both backends carry the whole app in a CI run.
 */
export const defaultBackend: Backend = postgresBackend.available ? postgresBackend : pgliteBackend;

/** One suite, on `defaultBackend`, its name in the title. */
export function describeOnBackend(title: string, body: (backend: Backend) => void): void {
  describe(`${title} [${defaultBackend.name}]`, () => body(defaultBackend));
}

/** Opens a fresh database, migrated (and optionally seeded by the caller). */
export function openMigrated(backend: Backend): Promise<TestDatabase> {
  return backend.openMigrated();
}

/** Raw SQL rows on either backend (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
