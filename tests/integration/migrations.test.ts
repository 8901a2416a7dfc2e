import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findMigrationsFolder } from "~/server/db.server";
import { describeEachBackend, queryRows, type TestDatabase } from "../support/test-database";
import { countRows, tables } from "../support/table-counts";

const journal = JSON.parse(readFileSync(path.join(findMigrationsFolder(), "meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};

async function publicTables(database: TestDatabase): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedMigrations(database: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row!.n;
}

describeEachBackend("migrations", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(() => database?.dispose());

  test("a fresh database has no tables", async () => {
    expect(await publicTables(database)).toEqual([]);
  });

  test("apply on a fresh database and create every table of the schema", async () => {
    await database.handle.migrate();
    const created = await publicTables(database);
    expect(created).toEqual(Object.keys(tables).sort());
    // The spec's section 3 tables exist from the start.
    for (const name of ["profiles", "user_roles", "media_gallery"]) expect(created).toContain(name);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    // All empty: migrations carry no data (seeding is separate).
    expect(Object.values(await countRows(database.handle.db)).every((n) => n === 0)).toBe(true);
  });

  test("are re-runnable: a second and third run change nothing", async () => {
    await database.handle.migrate();
    await database.handle.migrate();
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    expect(await publicTables(database)).toEqual(Object.keys(tables).sort());
  });

  test("ping answers once migrated", async () => {
    await expect(database.handle.ping()).resolves.toBeUndefined();
  });

  test.runIf(backend.name === "pglite")("the embedded database starts with the smaller buffer pool (memory, issue 10)", async () => {
    const [row] = await queryRows<{ shared_buffers: string }>(database.handle.db, sql`show shared_buffers`);
    expect(row?.shared_buffers).toBe("32MB");
  });
});

describeEachBackend("migrations on a database that has data", (backend) => {
  test("re-running keeps the rows", async () => {
    const database = await backend.open();
    try {
      await database.handle.migrate();
      await database.handle.db.execute(sql`insert into app_meta (key, value) values ('probe', 'kept')`);
      await database.handle.migrate();
      const rows = await queryRows<{ value: string }>(database.handle.db, sql`select value from app_meta where key = 'probe'`);
      expect(rows).toEqual([{ value: "kept" }]);
    } finally {
      await database.dispose();
    }
  });
});
