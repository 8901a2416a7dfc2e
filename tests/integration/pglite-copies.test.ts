// The embedded database's copies (`DatabaseHandle.dump`, `openDatabase({ loadDataDir })`), from
// which every in-memory test database starts (tests/support/integration-global-setup.ts).
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { openDatabase } from "~/server/db.server";
import { openMigrated, pgliteBackend, queryRows } from "../support/test-database";

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
    const applied = async (handle: { db: typeof source.handle.db }) =>
      (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
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
    const tables = async (handle: { db: typeof empty.handle.db }) =>
      (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`))[0]!.n;
    expect(await tables(empty.handle)).toBe(0);
    expect(await tables(migrated.handle)).toBeGreaterThan(20);
    await empty.handle.migrate();
    expect(await tables(empty.handle)).toBe(await tables(migrated.handle));
  } finally {
    await Promise.all([empty.dispose(), migrated.dispose()]);
  }
});
