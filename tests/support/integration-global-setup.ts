import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { openDatabase } from "~/server/db.server";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** Files holding a copy of an empty, a migrated and a migrated + demo-seeded PGlite database (tests/support/test-database.ts). */
    pgliteCopies?: { empty: string; migrated: string; seeded: string };
    /** The migrated PostgreSQL database every migrated PostgreSQL test database is a copy of (TEST_DATABASE_URL set). */
    postgresTemplate?: string;
    /** The same, with the demo church seeded: what the harnesses start from. */
    postgresSeededTemplate?: string;
  }
}

/**
 * One empty, one migrated and one migrated and demo-seeded PGlite database for the whole integration run, each written to a
 * file that every in-memory test database starts from (`openDatabase({ loadDataDir })`): the
 * ~2.5 s of initdb per database are spent once. With TEST_DATABASE_URL, also a migrated and a
 * migrated + seeded PostgreSQL database that the PostgreSQL test databases are copied from. Made from
 * this checkout's migrations at the start of every run, removed at the end.
 */
export default async function setup(project: TestProject) {
  const templates: ThrowawayDatabase[] = [];
  try {
    if (testDatabaseUrl) {
      const [migrated, seeded] = await Promise.all([migratedPostgresTemplate(), migratedPostgresTemplate({ seed: true })]);
      templates.push(migrated, seeded);
      project.provide("postgresTemplate", migrated.name);
      project.provide("postgresSeededTemplate", seeded.name);
    }
    const removeCopies = await makePgliteCopies(project);
    return async () => {
      removeCopies();
      await Promise.all(templates.map((t) => t.drop()));
    };
  } catch (error) {
    await Promise.all(templates.map((t) => t.drop()));
    throw error;
  }
}

async function migratedPostgresTemplate({ seed = false } = {}): Promise<ThrowawayDatabase> {
  const template = await createThrowawayDatabase();
  try {
    const handle = await openDatabase({ databaseUrl: template.url });
    try {
      await handle.migrate();
      if (seed) await seedDemoChurch({ db: handle.db });
    } finally {
      await handle.close(); // a template must have no open connection when it is copied
    }
    return template;
  } catch (error) {
    await template.drop();
    throw error;
  }
}

async function makePgliteCopies(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "church-pglite-copies-"));
  const files = { empty: path.join(dir, "empty.tar"), migrated: path.join(dir, "migrated.tar"), seeded: path.join(dir, "seeded.tar") };
  const handle = await openDatabase({});
  try {
    writeFileSync(files.empty, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.migrate();
    writeFileSync(files.migrated, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await seedDemoChurch({ db: handle.db });
    writeFileSync(files.seeded, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
  project.provide("pgliteCopies", files);
  return () => rmSync(dir, { recursive: true, force: true });
}
