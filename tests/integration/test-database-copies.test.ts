// Where the test databases start (tests/support/integration-global-setup.ts): every in-memory
// one from a copy of the embedded database (`DatabaseHandle.dump`, `openDatabase({ loadDataDir })`),
// every migrated PostgreSQL one as a copy of a migrated template database.
import { sql } from "drizzle-orm";
import { expect, inject, test } from "vitest";
import { openDatabase, type AppDatabase } from "~/server/db.server";
import { openMigrated, pgliteBackend, postgresBackend, queryRows } from "../support/test-database";

const count = async (db: AppDatabase, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
/** Tables in the public schema. */
const tables = (handle: { db: AppDatabase }) => count(handle.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
/** Migrations recorded as applied. */
const applied = (handle: { db: AppDatabase }) => count(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
/** Whether the PostgreSQL test's probe table is there (1) or not (0). */
const probes = (handle: { db: AppDatabase }) =>
  count(handle.db, sql`select count(*)::int as n from pg_tables where tablename = 'copy_probe'`);

test("a database opened from a copy has the copy's rows and migrations, and its own writes stay its own", async () => {
  const source = await openMigrated(pgliteBackend);
  const copies: Awaited<ReturnType<typeof openDatabase>>[] = [];
  try {
    await source.handle.db.execute(sql`create table copy_probe (note text)`);
    await source.handle.db.execute(sql`insert into copy_probe values ('from the source')`);
    const dump = await source.handle.dump!();
    for (let i = 0; i < 2; i++) copies.push(await openDatabase({ loadDataDir: dump }));
    const [first, second] = copies;
    await first!.db.execute(sql`insert into copy_probe values ('first copy only')`);

    const notes = async (handle: { db: typeof source.handle.db }) =>
      (await queryRows<{ note: string }>(handle.db, sql`select note from copy_probe order by note`)).map((r) => r.note);
    expect(await notes(first!)).toEqual(["first copy only", "from the source"]);
    expect(await notes(second!)).toEqual(["from the source"]);
    expect(await notes(source.handle)).toEqual(["from the source"]);

    // Every migration is recorded as applied: migrating again changes nothing.
    const before = await applied(second!);
    expect(before).toBeGreaterThan(0);
    await second!.migrate();
    expect(await applied(second!)).toBe(before);
    expect(await applied(second!)).toBe(await applied(source.handle));
  } finally {
    await Promise.all(copies.map((c) => c.close()));
    await source.dispose();
  }
});

test("a test database starts empty or migrated, as asked", async () => {
  const empty = await pgliteBackend.open();
  const migrated = await openMigrated(pgliteBackend);
  try {
    expect(await tables(empty.handle)).toBe(0);
    expect(await tables(migrated.handle)).toBeGreaterThan(20);
    await empty.handle.migrate();
    expect(await tables(empty.handle)).toBe(await tables(migrated.handle));
  } finally {
    await Promise.all([empty.dispose(), migrated.dispose()]);
  }
});

test.skipIf(!postgresBackend.available)("a migrated PostgreSQL test database is its own copy of the run's migrated template", async () => {
  const template = inject("postgresTemplate");
  expect(template).toMatch(/^test_[0-9a-f]{12}$/);
  const [first, second] = await Promise.all([openMigrated(postgresBackend), openMigrated(postgresBackend)]);
  try {
    expect(await tables(first.handle)).toBeGreaterThan(20);
    expect(await tables(second.handle)).toBe(await tables(first.handle));
    // Migrating again applies nothing: the copy records the template's migrations.
    const before = await applied(first.handle);
    await first.handle.migrate();
    expect(await applied(first.handle)).toBe(before);

    await first.handle.db.execute(sql`create table copy_probe (note text)`);
    expect(await probes(first.handle)).toBe(1);
    expect(await probes(second.handle)).toBe(0);
    // The copies are separate databases, and neither is the template.
    expect(new URL(first.url!).pathname).not.toBe(new URL(second.url!).pathname);
    expect(new URL(first.url!).pathname).not.toBe(`/${template}`);
  } finally {
    await Promise.all([first.dispose(), second.dispose()]);
  }
  // A new copy still starts from the template as it was migrated, without the probe table.
  const third = await openMigrated(postgresBackend);
  try {
    expect(await probes(third.handle)).toBe(0);
  } finally {
    await third.dispose();
  }
});
